/**
 * The offers of the content on the dashboard (issue 34): each with its state and what the
 * links that promote it brought in the period, so an offer that ended and still draws
 * clicks, or one that converts worse than the rest, is seen at once.
 */
import type { OfferRow } from "~/reports/dashboard.server";

import { formatMoney, formatNumber } from "./format";

const STATE_WORDS: Record<OfferRow["state"], string> = {
  activa: "Activa",
  programada: "Programada",
  caducada: "Caducada",
};

export function OfferTable({ offers }: { offers: OfferRow[] }) {
  if (offers.length === 0) return null;
  return (
    <section className="admin-rank admin-offers" aria-labelledby="rank-offers">
      <h2 id="rank-offers">Por oferta</h2>
      <p className="admin-rank__note">
        Los clics y las conversiones de los enlaces que promocionan cada oferta (sus bloques y
        tarjetas). Una oferta caducada ya no se muestra y sus enlaces llevan a su destino de
        reserva.
      </p>
      <div className="admin-rank__scroll" tabIndex={0} role="group" aria-labelledby="rank-offers">
        <table>
          <thead>
            <tr>
              <th scope="col">Oferta</th>
              <th scope="col">Estado</th>
              <th scope="col">Clics</th>
              <th scope="col">Registros</th>
              <th scope="col">FTD</th>
              <th scope="col">Comisión</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => (
              <tr key={offer.id}>
                <th scope="row">
                  {offer.name} <code className="admin-rank__id">{offer.id}</code>
                </th>
                <td>
                  <span className={`admin-offer-state admin-offer-state--${offer.state}`}>
                    {STATE_WORDS[offer.state]}
                  </span>
                </td>
                <td>{formatNumber(offer.clicks)}</td>
                <td>{formatNumber(offer.registrations)}</td>
                <td>{formatNumber(offer.ftds)}</td>
                <td>{formatMoney(offer.commission)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
