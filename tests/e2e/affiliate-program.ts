/**
 * A simulated affiliate program for the postback tests: a small node:http server where the
 * site's redirect lands the visitor (it reads the click id from the parameter the content
 * names, as a real program reads its sub-id), and the calls a program makes back to the
 * site's postback URL when that player registers, deposits or earns a commission, each in
 * a way real programs use: GET, a form POST, a JSON POST.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Answer = { status: number; text: string; headers: Headers };

export class AffiliateProgram {
  private constructor(
    private readonly server: Server,
    /** Click id of each player the program has seen land. */
    private readonly players: string[],
    /** Where the program lands visitors (its origin). */
    readonly origin: string,
    /** The site's postback URL, token included. */
    private readonly postbackUrl: string,
    /** Each call carries this client address (CLIENT_IP_HEADER), when set. */
    private readonly clientHeaders: Record<string, string>,
  ) {}

  static async start(
    postbackUrl: string,
    {
      clickIdParam,
      clientHeaders = {},
    }: { clickIdParam: string; clientHeaders?: Record<string, string> },
  ): Promise<AffiliateProgram> {
    const players: string[] = [];
    const server = createServer((req, res) => {
      const clickId = new URL(req.url ?? "/", "http://program").searchParams.get(clickIdParam);
      if (!clickId) return res.writeHead(400).end("no click id");
      res
        .writeHead(200, { "content-type": "text/plain" })
        .end(`player ${players.push(clickId) - 1}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    return new AffiliateProgram(server, players, origin, postbackUrl, clientHeaders);
  }

  /**
   * The visitor follows the site's redirect: the program's own URL with the destination's
   * query (the destinations in content are a fictional host). Returns the player.
   */
  async land(location: string): Promise<number> {
    const answer = await fetch(`${this.origin}/${new URL(location).search}`);
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`the program refused the visitor: ${text}`);
    return Number(text.replace("player ", ""));
  }

  clickIdOf(player: number): string {
    return this.players[player]!;
  }

  /** Registration: GET with the query. */
  registration(player: number): Promise<Answer> {
    return this.get({ click_id: this.clickIdOf(player), event: "registration" });
  }

  /** First deposit: a form POST. */
  ftd(player: number, amount: string, txid: string): Promise<Answer> {
    const body = new URLSearchParams({
      click_id: this.clickIdOf(player),
      event: "ftd",
      amount,
      currency: "EUR",
      txid,
    });
    return this.call({
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  }

  /** Deposit: a JSON POST, the amount as a JSON number. */
  deposit(player: number, amount: string, txid: string): Promise<Answer> {
    const body = `{"click_id":"${this.clickIdOf(player)}","event":"deposit","amount":${amount},"txid":"${txid}"}`;
    return this.call({ method: "POST", body, headers: { "content-type": "application/json" } });
  }

  /** Commission (CPA or revenue share, negative for an adjustment): GET. */
  commission(player: number, amount: string, txid: string): Promise<Answer> {
    return this.get({ click_id: this.clickIdOf(player), event: "commission", amount, txid });
  }

  /** Any postback, as a query string. */
  get(params: Record<string, string> | string): Promise<Answer> {
    const query = typeof params === "string" ? params : new URLSearchParams(params).toString();
    return this.call({ method: "GET" }, `?${query}`);
  }

  async call(
    init: { method: string; body?: BodyInit; headers?: Record<string, string> },
    query = "",
  ): Promise<Answer> {
    const answer = await fetch(`${this.postbackUrl}${query}`, {
      ...init,
      headers: { ...this.clientHeaders, ...init.headers },
      redirect: "manual",
    });
    return { status: answer.status, text: await answer.text(), headers: answer.headers };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
