/**
 * The dashboard's login form, on every dashboard page logged out: the user (an account's
 * e-mail, or "admin" for ADMIN_PASSWORD), the password, and the action's error. Over
 * plain HTTP on another host than this machine, the browser drops the Secure session
 * cookie, so a login would fail silently: the form says why.
 */
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function LoginForm() {
  const action = useActionData<{ error?: string | null }>();
  const [insecure, setInsecure] = useState(false);
  useEffect(() => {
    const { protocol, hostname } = window.location;
    setInsecure(protocol === "http:" && !LOCAL_HOSTS.has(hostname));
  }, []);
  return (
    <section className="admin admin-login" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">Panel de afiliación</h1>
      <p>Entra con tu correo y tu contraseña, o con la contraseña del panel.</p>
      {insecure ? (
        <p className="admin-login__error" role="alert">
          Esta dirección usa HTTP sin cifrar: el navegador no guardará la sesión y no podrás entrar.
          Abre el panel por HTTPS (docs/security.md).
        </p>
      ) : null}
      <Form method="post" className="admin-login__form">
        <label htmlFor="admin-user">Usuario</label>
        <input
          id="admin-user"
          name="user"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          placeholder="admin"
          aria-describedby="admin-user-hint"
        />
        <p id="admin-user-hint" className="admin-login__hint">
          Tu correo electrónico. Con la clave general del panel, «admin» o déjalo vacío.
        </p>
        <label htmlFor="admin-password">Contraseña</label>
        <input
          id="admin-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button className="button button--primary" type="submit" name="intent" value="login">
          Entrar
        </button>
        {action?.error ? (
          <p className="admin-login__error" role="alert">
            {action.error}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
