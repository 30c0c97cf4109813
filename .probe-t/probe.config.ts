import base from "../playwright.config.ts";
import { defineConfig } from "@playwright/test";
export default defineConfig({ ...base, testDir: ".", projects: [base.projects![0]!], webServer: { ...(base.webServer as any), cwd: "/work/main" } });
