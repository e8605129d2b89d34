/** What a dashboard page shows a person whose role does not allow it (403). */
export function Forbidden({ message }: { message: string }) {
  return (
    <section className="admin admin-login" aria-labelledby="admin-forbidden-title">
      <h1 id="admin-forbidden-title">Sin permiso</h1>
      <p role="alert">{message}</p>
      <p>
        <a href="/admin">Volver al panel</a>
      </p>
    </section>
  );
}
