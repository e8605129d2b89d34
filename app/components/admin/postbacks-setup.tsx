/**
 * The postback page's setup part: the URL to paste into the affiliate program, one per
 * event, or how to switch the receiver on; which parameter carries the click id to the
 * program; and the button that sends a test postback, with the receiver's answer.
 */
import { Form } from "@remix-run/react";

import type { ConversionEvent } from "~/ledger/schema";

import { CopyButton } from "./copy-button";

export type PostbackUrl = { event: ConversionEvent; name: string; url: string };
export type TestOutcome = { ok: boolean; text: string };

export function PostbacksSetup({
  urls,
  clickIdParam,
  sendsClickId,
  test,
}: {
  urls: PostbackUrl[] | null;
  clickIdParam: string;
  sendsClickId: boolean;
  test: TestOutcome | null;
}) {
  return (
    <section className="admin-postbacks__setup" aria-labelledby="postbacks-url-title">
      <h2 id="postbacks-url-title">URL de postback</h2>
      <p>
        El id de cada clic llega al programa en el parámetro <code>{clickIdParam}</code> de la URL
        de destino (<code>affiliate.click_id_param</code> en el contenido).{" "}
        {sendsClickId ? (
          <strong>El envío del id de clic está activado.</strong>
        ) : (
          <strong className="admin-postbacks__warning">
            El envío del id de clic está desactivado (<code>affiliate.send_click_id</code>): el
            programa no lo recibe y sus postbacks no se podrán atribuir.
          </strong>
        )}
      </p>
      {urls === null ? (
        <div className="admin-notice" role="status">
          <p>
            <strong>El receptor de postbacks está apagado</strong>: <code>POSTBACK_TOKEN</code> no
            está configurado, así que <code>/postback/…</code> responde 404.
          </p>
          <p>
            Para activarlo, define en el entorno del servidor <code>POSTBACK_TOKEN</code> con 24 a
            128 caracteres de A-Z, a-z, 0-9, «-» y «_» (por ejemplo, la salida de{" "}
            <code>
              openssl rand -base64 32 | tr &apos;+/&apos; &apos;-_&apos; | tr -d &apos;=&apos;
            </code>
            ) y reinicia el servidor. Trátalo como una contraseña: quien lo conoce puede enviar
            conversiones.
          </p>
        </div>
      ) : (
        <>
          <p>
            Pega en el programa de afiliados una URL por evento. El programa sustituye sus macros
            (como <code>{"{click_id}"}</code>) por los valores de cada conversión; si el registro de
            abajo dice «macro sin sustituir», el programa las llama de otra manera: cámbialas por
            las suyas. La URL contiene el token secreto: no la compartas.
          </p>
          <dl className="admin-postbacks__urls">
            {urls.map(({ event, name, url }) => (
              <div key={event}>
                <dt>{name}</dt>
                <dd>
                  <code id={`postback-url-${event}`}>{url}</code>
                  <CopyButton
                    text={url}
                    what={`la URL de «${name}»`}
                    shownIn={`postback-url-${event}`}
                  />
                </dd>
              </div>
            ))}
          </dl>
          <Form method="post" className="admin-postbacks__test">
            <button className="button button--ghost" type="submit" name="intent" value="test">
              Enviar un postback de prueba
            </button>
            <p className="admin-import__hint">
              Envía al receptor de este servidor un FTD de prueba (10,00 EUR, <code>test=1</code>
              ): no guarda ninguna conversión y aparece abajo como «prueba».
            </p>
            {test ? (
              <p
                className={`admin-postbacks__answer admin-postbacks__answer--${test.ok ? "ok" : "error"}`}
                role="status"
              >
                {test.text}
              </p>
            ) : null}
          </Form>
        </>
      )}
    </section>
  );
}
