/**
 * Reads `.env` from the working directory when there is one (see .env.example). Variables
 * already set in the environment win. Imported first by the server's entry, so the
 * environment is complete before anything parses it.
 */
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
