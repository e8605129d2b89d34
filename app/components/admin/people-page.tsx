/** The people and the audit log (app/routes/admin.personas.tsx). */
import { Form } from "@remix-run/react";

import type { AccountSummary, AuditEntry } from "~/admin/people.server";
import { ROLE_WORDS, ROLES } from "~/admin/roles";

import { when } from "./format";
import { StudioTable } from "./studio/studio-table";

export function PeoplePage({
  accounts,
  audit,
  timeZone,
  result,
}: {
  accounts: readonly AccountSummary[];
  audit: readonly AuditEntry[];
  timeZone: string;
  result: { ok: boolean; message: string; password?: string } | null;
}) {
  return (
    <div className="admin studio">
      <header className="admin-head">
        <div>
          <h1>Personas</h1>
          <p className="admin-head__period">
            Quién puede entrar en el panel y qué puede hacer. La cuenta «admin» es la contraseña del
            panel (ADMIN_PASSWORD) y no aparece aquí.
          </p>
        </div>
      </header>
      {result ? (
        <div className={result.ok ? "studio-notice" : "admin-notice"} role="status">
          <p>{result.message}</p>
          {result.password ? (
            <p>
              <code className="people-password">{result.password}</code>
            </p>
          ) : null}
        </div>
      ) : null}
      <section className="studio-new" aria-labelledby="people-add-title">
        <h2 id="people-add-title">Añadir una persona</h2>
        <Form method="post" className="studio-new__form">
          <label>
            <span>Correo electrónico</span>
            <input name="email" type="email" required maxLength={254} autoComplete="off" />
          </label>
          <label>
            <span>Nombre</span>
            <input name="name" maxLength={120} autoComplete="off" />
          </label>
          <label>
            <span id="people-add-role">Rol</span>
            <select name="role" defaultValue="editor" aria-labelledby="people-add-role">
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_WORDS[role]}
                </option>
              ))}
            </select>
          </label>
          <button
            className="studio-button studio-button--primary"
            type="submit"
            name="intent"
            value="add"
          >
            Crear cuenta
          </button>
        </Form>
      </section>
      <ul className="studio-list" aria-label="Cuentas">
        {accounts.map((account) => (
          <li key={account.email} className="studio-list__item people-account">
            <span className="studio-list__title">{account.name}</span>
            <span
              className={`studio-badge ${account.disabledAt ? "studio-badge--conflicto" : "studio-badge--publicada"}`}
            >
              {account.disabledAt ? "Desactivada" : "Activa"}
            </span>
            <span className="studio-list__path">
              {account.email} · {ROLE_WORDS[account.role].split(" (")[0]} · {account.sessions}{" "}
              {account.sessions === 1 ? "sesión abierta" : "sesiones abiertas"} · desde{" "}
              {when(account.createdAt, timeZone)}
            </span>
            <div className="people-account__actions">
              <Form method="post" className="people-account__role">
                <input type="hidden" name="email" value={account.email} />
                <label>
                  <span className="visually-hidden">Rol de {account.email}</span>
                  <select name="role" defaultValue={account.role}>
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_WORDS[role].split(" (")[0]}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  className="studio-button studio-button--small"
                  type="submit"
                  name="intent"
                  value="role"
                >
                  Cambiar rol
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="email" value={account.email} />
                <button
                  className="studio-button studio-button--small"
                  type="submit"
                  name="intent"
                  value="password"
                >
                  Nueva contraseña
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="email" value={account.email} />
                <button
                  className="studio-button studio-button--small"
                  type="submit"
                  name="intent"
                  value="sessions"
                >
                  Cerrar sesiones
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="email" value={account.email} />
                <button
                  className="studio-button studio-button--small studio-button--danger"
                  type="submit"
                  name="intent"
                  value={account.disabledAt ? "enable" : "disable"}
                >
                  {account.disabledAt ? "Activar" : "Desactivar"}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <section className="studio-history" aria-labelledby="audit-title">
        <h2 id="audit-title">Registro de cambios</h2>
        {audit.length === 0 ? (
          <p className="studio-note">Todavía no hay cambios registrados.</p>
        ) : (
          <StudioTable columns={["Cuándo", "Quién", "Qué", "Sobre", "Detalle"]}>
            {audit.map((entry) => (
              <tr key={entry.id}>
                <td>{when(entry.at, timeZone)}</td>
                <td>{entry.actor}</td>
                <td>{entry.action}</td>
                <td>{entry.target}</td>
                <td>{entry.detail}</td>
              </tr>
            ))}
          </StudioTable>
        )}
      </section>
    </div>
  );
}
