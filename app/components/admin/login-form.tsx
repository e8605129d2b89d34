/** The dashboard's login form (app/routes/admin.tsx): the password, and the action's error. */
import { Form, useActionData } from "@remix-run/react";

export function LoginForm() {
  const action = useActionData<{ error?: string | null }>();
  return (
    <section className="admin admin-login" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">Panel de clics</h1>
      <p>Introduce la contraseña del panel para ver los clics de los enlaces de afiliado.</p>
      <Form method="post" className="admin-login__form">
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
