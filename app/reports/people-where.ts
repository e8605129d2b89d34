/**
 * The condition on `is_bot` of the clicks the reports count as people's
 * (app/ledger/click-kinds.ts): unflagged ones, or every click but the bots' with flagged
 * ones included. The click reports' and the experiments' one rule.
 */
import { sql } from "kysely";

import { BOT, PERSON } from "~/ledger/click-kinds";

export const peopleWhere = (includeFlagged: boolean) =>
  includeFlagged
    ? sql<boolean>`is_bot <> ${sql.lit(BOT)}`
    : sql<boolean>`is_bot = ${sql.lit(PERSON)}`;
