/**
 * Content negotiation for Accept-Encoding: Brotli, then gzip, then none, as far as the
 * client accepts them (q-values respected by `negotiator`). Clients send few distinct
 * headers, so answers are remembered in a small bounded table: the hot path parses nothing.
 */
import Negotiator from "negotiator";

export type Encoding = "br" | "gzip" | "identity";

const PREFERENCE: Encoding[] = ["br", "gzip", "identity"];
const MEMO_LIMIT = 256;
const memo = new Map<string, Encoding[]>();

/** The encodings a client accepts, best first (identity unless it refuses it). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const key = header ?? "";
  let accepted = memo.get(key);
  if (!accepted) {
    // negotiator 1.x takes the server's preference for ties; its types predate that.
    const negotiator = new Negotiator({ headers: { "accept-encoding": key } }) as unknown as {
      encodings(available: Encoding[], options: { preferred: Encoding[] }): Encoding[];
    };
    accepted = negotiator.encodings(PREFERENCE, { preferred: PREFERENCE });
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, accepted);
  }
  return accepted;
}

/** The best encoding the client accepts among those `available` has (identity always). */
export function preferredEncoding(
  header: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding {
  for (const encoding of acceptedEncodings(header)) {
    if (encoding === "identity" || available[encoding]) return encoding;
  }
  return "identity";
}
