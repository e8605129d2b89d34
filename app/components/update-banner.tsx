/** A polite, dismissible notice that a newer version of the site is available. */
import { useTranslation } from "react-i18next";

export function UpdateBanner({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="update-banner" role="status" aria-live="polite">
      <p className="update-banner__text">{t("updateAvailable")}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {t("updateReload")}
      </button>
      <button type="button" className="button button--ghost" onClick={onDismiss}>
        {t("updateDismiss")}
      </button>
    </div>
  );
}
