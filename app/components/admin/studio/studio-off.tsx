/** The studio's pages while the ledger's database is off (app/studio/studio-route.server.ts `studioOff`). */
export function StudioOff({ title, message }: { title: string; message: string }) {
  return (
    <div className="admin studio">
      <h1>{title}</h1>
      <p className="admin-notice">{message}</p>
    </div>
  );
}
