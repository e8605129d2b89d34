/**
 * `npm run images`: draws the welcome-offer banner's artwork (scripts/promo-banner.ts) as
 * public/images/promo/welcome-{mobile,desktop}.svg, without words (the block writes the
 * offer's over it), then renders the PNGs that cannot be SVG (social
 * networks and touch icons do not read SVG) from the project's own artwork, reproducibly,
 * with sharp:
 * - public/images/social/og-image.png  1200×630, the social card
 * - public/images/brand/logo.png        206×81, the Organization logo in JSON-LD
 * - public/images/brand/apple-touch-icon.png 180×180
 * - public/favicon.ico                  32×32, for browsers and crawlers that ask for it
 * Exits 1 if an output has the wrong size or is over its byte budget. The outputs are committed; run this after changing
 * the source SVGs or the banner.
 *
 * The SVGs are drawn by Debian's Chromium (librsvg ignores the wordmark's textLength and
 * clips it), then compressed by sharp.
 */
import { readFile, writeFile } from "node:fs/promises";

import { chromium, type Browser } from "@playwright/test";
import sharp from "sharp";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/chromium";

import { bannerSvg, type BannerVariant } from "./promo-banner";

const PUBLIC = new URL("../public/", import.meta.url);
const NAVY = "#0a1630";

async function svgDataUri(path: string): Promise<string> {
  const svg = await readFile(new URL(path, PUBLIC));
  return `data:image/svg+xml;base64,${svg.toString("base64")}`;
}

async function socialCard(): Promise<Buffer> {
  const logo = await svgDataUri("images/brand/logo-footer.svg");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0a1630"/><stop offset="0.7" stop-color="#11214a"/><stop offset="1" stop-color="#3b2a5a"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffe08a"/><stop offset="1" stop-color="#ffb01f"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="1060" cy="470" r="135" fill="url(#sun)"/>
  <rect x="0" y="470" width="1200" height="160" fill="#11214a"/>
  <path d="M0 500 Q 150 470 300 500 T 600 500 T 900 500 T 1200 500 V630 H0Z" fill="#1c3470"/>
  <path d="M0 560 Q 150 530 300 560 T 600 560 T 900 560 T 1200 560 V630 H0Z" fill="#2dd4bf"/>
  <image href="${logo}" x="80" y="60" width="309" height="122"/>
  <text x="80" y="300" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="64" fill="#ffc24b">Casino online en España</text>
  <text x="80" y="440" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#b9c6e6">Solo +18 · Juega con responsabilidad · jugarbien.es</text>
</svg>`;
  return draw(svg, 1200, 630);
}

let browser: Browser | undefined;

async function launch(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return browser;
}

/** Draws the banner's two artworks: scenery only, its words are the offer's text. */
async function promoBanners(): Promise<void> {
  for (const variant of ["mobile", "desktop"] as BannerVariant[]) {
    const path = `images/promo/welcome-${variant}.svg`;
    await writeFile(new URL(path, PUBLIC), bannerSvg(variant));
    console.log(`ok   public/${path}`);
  }
}

/** Draws SVG markup at an exact size on navy and returns a compressed PNG. */
async function draw(svg: string, width: number, height: number): Promise<Buffer> {
  const page = await (await launch()).newPage({ viewport: { width, height } });
  const sized = svg.replace(
    /<svg /,
    `<svg style="display:block;width:${width}px;height:${height}px" `,
  );
  await page.setContent(`<body style="margin:0;background:${NAVY}">${sized}</body>`);
  const shot = await page.screenshot({ clip: { x: 0, y: 0, width, height } });
  await page.close();
  return sharp(shot).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
}

async function rasterise(path: string, width: number, height: number): Promise<Buffer> {
  const svg = (await readFile(new URL(path, PUBLIC), "utf8")).replace(/<\?xml[^>]*>/, "");
  return draw(svg, width, height);
}

const outputs: {
  path: string;
  width: number;
  height: number;
  maxBytes: number;
  make: () => Promise<Buffer>;
}[] = [
  {
    path: "images/social/og-image.png",
    width: 1200,
    height: 630,
    maxBytes: 100_000,
    make: socialCard,
  },
  {
    path: "images/brand/logo.png",
    width: 206,
    height: 81,
    maxBytes: 20_000,
    make: () => rasterise("images/brand/logo-footer.svg", 206, 81),
  },
  {
    path: "images/brand/apple-touch-icon.png",
    width: 180,
    height: 180,
    maxBytes: 20_000,
    make: () => rasterise("images/brand/favicon.svg", 180, 180),
  },
];

/**
 * An .ico file holding one PNG image (every browser in use reads PNG inside ICO): a
 * 6-byte header, one 16-byte directory entry, the PNG. sharp writes no ICO, and the
 * container is these 22 bytes.
 */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6); // width (0 means 256)
  header.writeUInt8(size % 256, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image follows the directory
  return Buffer.concat([header, png]);
}

await promoBanners();
let failed = false;
for (const output of outputs) {
  const png = await output.make();
  const { width, height } = await sharp(png).metadata();
  await sharp(png).toFile(new URL(output.path, PUBLIC).pathname);
  const ok = width === output.width && height === output.height && png.length <= output.maxBytes;
  failed ||= !ok;
  console.log(
    `${ok ? "ok  " : "FAIL"} public/${output.path} ${width}×${height} ${png.length} bytes`,
  );
}
const icon = icoOf(await rasterise("images/brand/favicon.svg", 32, 32), 32);
await writeFile(new URL("favicon.ico", PUBLIC), icon);
console.log(`ok   public/favicon.ico 32×32 ${icon.length} bytes`);
await browser?.close();
process.exitCode = failed ? 1 : 0;
