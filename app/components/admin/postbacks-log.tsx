/** The last postbacks received, newest first: when, what they got and why, and what they said. */
import type { ShownLogEntry } from "~/conversions/postback-setup.server";

export function PostbacksLog({ entries }: { entries: ShownLogEntry[] | null }) {
  return (
    <section className="admin-postbacks__log" aria-labelledby="postbacks-log-title">
      <h2 id="postbacks-log-title">Últimos postbacks</h2>
      {entries === null ? (
        <p className="admin-notice" role="status">
          El registro de conversiones está desactivado (CLICK_LEDGER=false): no se reciben
          postbacks.
        </p>
      ) : entries.length === 0 ? (
        <p className="admin-rank__empty">Todavía no ha llegado ningún postback.</p>
      ) : (
        <div
          className="admin-import__scroll"
          role="region"
          aria-labelledby="postbacks-log-title"
          tabIndex={0}
        >
          <table>
            <thead>
              <tr>
                <th scope="col">Hora</th>
                <th scope="col">Resultado</th>
                <th scope="col">Origen</th>
                <th scope="col">Evento</th>
                <th scope="col">Id de clic</th>
                <th scope="col">Importe</th>
                <th scope="col">Txid</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{entry.time}</th>
                  <td>
                    <span
                      className={`admin-postbacks__outcome admin-postbacks__outcome--${entry.outcome}`}
                    >
                      {entry.outcomeName}
                    </span>
                    {entry.reason ? (
                      <span className="admin-postbacks__reason">{entry.reason}</span>
                    ) : null}
                  </td>
                  <td>{entry.origin}</td>
                  <td>{entry.event}</td>
                  <td>{entry.clickId}</td>
                  <td>{entry.amount}</td>
                  <td>{entry.txid}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
