// The toast an action answers with when it does not redirect: made by the
// server's form helpers (web/forms.server.ts), shown by the page
// (components/form.tsx).

export type ActionToast = { id: string; type: "success" | "error"; title: string; description?: string };
