/**
 * component_id → block component. Typed as a mapped type over the schema's ids, so a
 * missing or extra block is a compile error, and each component receives exactly the
 * content its schema produces.
 */
import type { ComponentType } from "react";

import type { ServedComponent } from "~/content/offers";
import type { BlockContent, ComponentId } from "~/content/schema";

import { BonusConditions } from "./advertising-notice";

import { BonusList } from "./bonus-list";
import { Bonuses } from "./bonuses";
import { Cards } from "./cards";
import { DepositTable } from "./deposit-table";
import { DynamicTable } from "./dynamic-table";
import { Faq } from "./faq";
import { Games } from "./games";
import { InfoBlock } from "./info-block";
import { MainBlock } from "./main-block";
import { PromoImage } from "./promo-image";
import { TextComponent } from "./text-component";
import { VipPreview } from "./vip-preview";
import { VipPrivileges } from "./vip-privileges";
import { VipRoller } from "./vip-roller";

export type BlockRegistry = {
  [Id in ComponentId]: ComponentType<{ content: BlockContent<Id> }>;
};

export const BLOCK_COMPONENTS: BlockRegistry = {
  1: MainBlock,
  2: PromoImage,
  3: DynamicTable,
  4: Games,
  5: Bonuses,
  6: Cards,
  7: Faq,
  8: BonusList,
  9: VipPreview,
  10: DepositTable,
  11: VipPrivileges,
  12: InfoBlock,
  13: VipRoller,
  14: TextComponent,
};

/**
 * Renders one page component through the registry; a block of an offer (or whose questions
 * or rows name one) with the terms line (and its 18+ notice) under it, in one element
 * (app/content/offers.ts).
 */
export function Block({ component }: { component: ServedComponent }) {
  // The union of ids is narrowed per entry by the registry type; TypeScript cannot
  // correlate the id with its content across the union, hence the widening here.
  const Component = BLOCK_COMPONENTS[component.component_id] as ComponentType<{ content: unknown }>;
  const block = <Component content={component.data.content} />;
  const { terms } = component;
  return terms ? (
    <div className="offer-block" data-offer={component.offer}>
      {block}
      <BonusConditions {...terms} />
    </div>
  ) : (
    block
  );
}

/** Renders a page's blocks in the order the content parser already sorted them into. */
export function Blocks({ components }: { components: readonly ServedComponent[] }) {
  return (
    <>
      {components.map((component, index) => (
        <Block key={`${component.order}-${index}`} component={component} />
      ))}
    </>
  );
}
