import { signUpEndpoint } from "~/services/api-auth.server.ts";

const api = signUpEndpoint("organiser");
export { api as loader, api as action };
