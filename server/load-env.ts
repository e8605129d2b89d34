/**
 * Reads `.env` from the working directory when there is one (see .env.example). Variables
 * already set in the environment win. Imported first by the server's entry, so the
 * environment is complete before anything parses it.
 *
 * `npm start` is production whatever the shell says: without NODE_ENV, React would load its
 * development build and the content checks would take text still to write ("[Por completar")
 * for advice instead of a problem. `npm run dev` sets it to development itself.
 */
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
