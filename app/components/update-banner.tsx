/** A polite, dismissible notice that a newer version of the site is available. */
import { useInterfaceTexts } from "~/components/layout/interface-texts";

export function UpdateBanner({ onDismiss }: { onDismiss: () => void }) {
  const ui = useInterfaceTexts();
  if (!ui) return null;
  return (
    <div className="update-banner" role="status" aria-live="polite">
      <p className="update-banner__text">{ui.update_available}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {ui.update_reload}
      </button>
      <button type="button" className="button button--ghost" onClick={onDismiss}>
        {ui.update_dismiss}
      </button>
    </div>
  );
}
