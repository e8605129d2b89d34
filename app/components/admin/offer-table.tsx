/**
 * The dashboard's ranking of offers: each offer with its state and what its clicks brought
 * in the period (the ledger's offer of each click), so an offer that ended and still draws
 * clicks, or one that converts worse than the rest, is seen at once. An offer's name adds it
 * to the view's filters, as a value of any other ranking does.
 */
import { Link } from "@remix-run/react";

import type { OfferRow } from "~/reports/dashboard.server";
import { viewSearch, type View } from "~/reports/query";

import { formatMoney, formatNumber } from "./format";

const STATE_WORDS: Record<OfferRow["state"], string> = {
  activa: "Activa",
  programada: "Programada",
  caducada: "Caducada",
  retirada: "Retirada del contenido",
};

export function OfferTable({ offers, view }: { offers: OfferRow[]; view: View }) {
  if (offers.length === 0) return null;
  return (
    <section className="admin-rank admin-offers" aria-labelledby="rank-offers">
      <h2 id="rank-offers">Por oferta</h2>
      <p className="admin-rank__note">
        Los clics y las conversiones de cada oferta: la que promocionaba el enlace en el momento del
        clic (su bloque o su tarjeta). Una oferta caducada ya no se muestra y sus enlaces llevan a
        su destino de reserva; si aún recibe clics, aparecen aquí.
      </p>
      <p className="admin-rank__swipe">
        Desliza la tabla para ver todas las cifras <span aria-hidden="true">→</span>
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
                  {view.filters.offer ? (
                    offer.name
                  ) : (
                    <Link
                      to={viewSearch(view, { offer: offer.id })}
                      preventScrollReset
                      title={`Filtrar por oferta: ${offer.name}`}
                    >
                      {offer.name}
                    </Link>
                  )}{" "}
                  <code className="admin-rank__id">{offer.id}</code>
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
