/**
 * The welcome-offer banner's artwork of block 2, phone and desktop (drawn by
 * scripts/generate-images.ts): scenery only. Its words (the offer's name and headline, the
 * button) are text laid over it by the PromoImage block, so they come from the offer and
 * change with it; none is drawn into the image. The left part is kept calm for them.
 */

export type BannerVariant = "mobile" | "desktop";

type Layout = {
  width: number;
  height: number;
  /** Gradients, coins, sun, lighthouse and sea. */
  defs: string;
  scenery: string;
};

const SHARED_DEFS = `<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe9a8"/><stop offset="0.5" stop-color="#ffc24b"/><stop offset="1" stop-color="#ff6b57"/></linearGradient>
<radialGradient id="gl" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffc24b" stop-opacity="0.5"/><stop offset="1" stop-color="#ffc24b" stop-opacity="0"/></radialGradient>
<linearGradient id="cg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe69a"/><stop offset="0.6" stop-color="#ffc24b"/><stop offset="1" stop-color="#f0a81c"/></linearGradient>
<g id="co"><circle r="20" fill="url(#cg)" stroke="#c98a12" stroke-width="1.6"/><circle r="13.6" fill="none" stroke="#e0a21f" stroke-width="1.6"/><polygon points="0,-8.4 2.1,-2.9 8,-2.6 3.4,1.1 4.9,6.8 0,3.6 -4.9,6.8 -3.4,1.1 -8,-2.6 -2.1,-2.9" fill="#e0a21f"/></g>`;

const LAYOUTS: Record<BannerVariant, Layout> = {
  mobile: {
    width: 640,
    height: 400,
    defs: `<linearGradient id="bg" x1="0" y1="0" x2="0.7" y2="1"><stop offset="0" stop-color="#0a1630"/><stop offset="0.5" stop-color="#11214a"/><stop offset="0.8" stop-color="#4a3576"/><stop offset="1" stop-color="#ff7a52"/></linearGradient>`,
    scenery: `<rect width="640" height="400" fill="url(#bg)"/>
<path d="M546 158h0M527 128h0M534 160h0M487 230h0M498 282h0M591 81h0" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".8"/>
<path d="M512 321h0M547 240h0M545 192h0M539 259h0M617 40h0" stroke="#fff" stroke-width="1.5" stroke-linecap="round" opacity=".55"/>
<circle cx="470" cy="366" r="150" fill="url(#gl)"/><circle cx="470" cy="366" r="78" fill="url(#sun)"/>
<path d="M536 374 548 354 574 346 604 350 626 362 640 380H530Z" fill="#0d1838"/>
<polygon points="568,366 600,366 593.9,246 574.1,246" fill="#fff8ec"/><polygon points="571.8,291.6 596.2,291.6 595.3,272.4 572.7,272.4" fill="#ff6b57"/><polygon points="569.7,332.4 598.3,332.4 597.3,313.2 570.7,313.2" fill="#ff6b57"/>
<rect x="571.1" y="238.8" width="25.8" height="7.2" rx="2.4" fill="#fff8ec"/><rect x="576.3" y="219.6" width="15.5" height="19.2" fill="#ffc24b"/><polygon points="572.9,219.6 595.1,219.6 584,204" fill="#ff6b57"/>
<path d="M0 360Q25 354 50 360T100 360T150 360T200 360T250 360T300 360T350 360T400 360T450 360T500 360T550 360T600 360T650 360V400H0Z" fill="#1d3a74" opacity="0.9"/>
<rect x="415" y="370" width="110" height="4" rx="2" fill="#ffc24b" opacity="0.6"/><rect x="430" y="382" width="80" height="4" rx="2" fill="#ffc24b" opacity="0.45"/>
<path d="M0 384Q22.5 378 45 384T90 384T135 384T180 384T225 384T270 384T315 384T360 384T405 384T450 384T495 384T540 384T585 384T630 384T675 384V400H0Z" fill="#2dd4bf" opacity="0.8"/>
<use href="#co" transform="translate(570 70)"/><use href="#co" transform="translate(604 150) scale(0.7)"/><use href="#co" transform="translate(520 210) scale(0.6)"/>
<path d="M360 268q4.8 -4.8 9.6 0q4.8 -4.8 9.6 0" fill="none" stroke="#fff8ec" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M390 290q3.6 -3.6 7.2 0q3.6 -3.6 7.2 0" fill="none" stroke="#fff8ec" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M600 222Q601.8 228.2 608 230Q601.8 231.8 600 238Q598.2 231.8 592 230Q598.2 228.2 600 222Z" fill="#fff8ec"/>
<path d="M540 113Q541.5 118.5 547 120Q541.5 121.5 540 127Q538.5 121.5 533 120Q538.5 118.5 540 113Z" fill="#fff8ec"/>`,
  },
  desktop: {
    width: 1200,
    height: 300,
    defs: `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="#0a1630"/><stop offset="0.5" stop-color="#11214a"/><stop offset="0.8" stop-color="#5a3a7a"/><stop offset="1" stop-color="#ff7a52"/></linearGradient>
<linearGradient id="bm" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff3b0" stop-opacity="0"/><stop offset="1" stop-color="#fff3b0" stop-opacity="0.5"/></linearGradient>`,
    scenery: `<rect width="1200" height="300" fill="url(#bg)"/>
<path d="M1085 78h0M1141 180h0M958 46h0M990 12h0M983 133h0M880 174h0M1071 186h0M833 152h0M601 179h0M748 122h0M976 51h0M947 63h0" stroke="#fff" stroke-width="3.2" stroke-linecap="round" opacity=".8"/>
<path d="M660 157h0M804 29h0M1125 185h0M945 184h0M1014 214h0M689 14h0M662 219h0M1121 67h0M693 118h0M1054 38h0M1033 44h0M1152 90h0" stroke="#fff" stroke-width="1.6" stroke-linecap="round" opacity=".55"/>
<circle cx="960" cy="258" r="200" fill="url(#gl)"/><circle cx="960" cy="258" r="104" fill="url(#sun)"/>
<polygon points="1110,91 720,21 720,101" fill="url(#bm)"/>
<path d="M1050 270 1066 246 1100 236 1140 240 1170 256 1180 276H1040Z" fill="#0d1838"/>
<polygon points="1090,262 1130,262 1122.4,112 1097.6,112" fill="#fff8ec"/><polygon points="1094.7,169 1125.3,169 1124.1,145 1095.9,145" fill="#ff6b57"/><polygon points="1092.1,220 1127.9,220 1126.7,196 1093.3,196" fill="#ff6b57"/>
<rect x="1093.9" y="103" width="32.2" height="9" rx="3" fill="#fff8ec"/><rect x="1100.3" y="79" width="19.3" height="24" fill="#ffc24b"/><polygon points="1096.1,79 1123.9,79 1110,59.5" fill="#ff6b57"/>
<path d="M0 264Q30 257 60 264T120 264T180 264T240 264T300 264T360 264T420 264T480 264T540 264T600 264T660 264T720 264T780 264T840 264T900 264T960 264T1020 264T1080 264T1140 264T1200 264V300H0Z" fill="#1d3a74" opacity="0.9"/>
<rect x="885" y="272" width="150" height="4" rx="2" fill="#ffc24b" opacity="0.6"/><rect x="905" y="282" width="110" height="4" rx="2" fill="#ffc24b" opacity="0.45"/>
<path d="M0 288Q25 283 50 288T100 288T150 288T200 288T250 288T300 288T350 288T400 288T450 288T500 288T550 288T600 288T650 288T700 288T750 288T800 288T850 288T900 288T950 288T1000 288T1050 288T1100 288T1150 288T1200 288V300H0Z" fill="#2dd4bf" opacity="0.8"/>
<path d="M760 70q6 -6 12 0q6 -6 12 0" fill="none" stroke="#fff8ec" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M800 92q4.8 -4.8 9.6 0q4.8 -4.8 9.6 0" fill="none" stroke="#fff8ec" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M1020 40q4.8 -4.8 9.6 0q4.8 -4.8 9.6 0" fill="none" stroke="#fff8ec" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>
<use href="#co" transform="translate(700 120) scale(1.1)"/><use href="#co" transform="translate(820 190) scale(0.8)"/><use href="#co" transform="translate(1010 100) scale(0.7)"/><use href="#co" transform="translate(880 64) scale(0.6)"/><use href="#co" transform="translate(620 250) scale(0.6)"/>
<path d="M760 140Q762.2 147.8 770 150Q762.2 152.2 760 160Q757.8 152.2 750 150Q757.8 147.8 760 140Z" fill="#fff8ec"/>
<path d="M1150 52Q1151.8 58.2 1158 60Q1151.8 61.8 1150 68Q1148.2 61.8 1142 60Q1148.2 58.2 1150 52Z" fill="#fff8ec"/>
<path d="M620 52Q621.8 58.2 628 60Q621.8 61.8 620 68Q618.2 61.8 612 60Q618.2 58.2 620 52Z" fill="#fff8ec"/>`,
  },
};

/** The size of the banner artwork in content (block 2's mobile and desktop images). */
export function bannerSize(variant: BannerVariant): { width: number; height: number } {
  const { width, height } = LAYOUTS[variant];
  return { width, height };
}

/** The banner's SVG markup. */
export function bannerSvg(variant: BannerVariant): string {
  const { width, height, defs, scenery } = LAYOUTS[variant];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${defs}
${SHARED_DEFS}
<clipPath id="k"><rect width="${width}" height="${height}" rx="24"/></clipPath></defs>
<g clip-path="url(#k)">
${scenery}
</g>
</svg>
`;
}
