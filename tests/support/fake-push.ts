// The local push service and a browser's side of Web Push live in test-support/fake-push.js, shared with the
// service tests beside app/ (which cannot import a TypeScript module from here).
export {
  decryptPush,
  type FakePush,
  newBrowser,
  startFakePush,
  verifyVapid,
} from "../../test-support/fake-push.js";
