import { signUpEndpoint } from "~/services/api-auth.server.ts";

const api = signUpEndpoint("player");
export { api as loader, api as action };
