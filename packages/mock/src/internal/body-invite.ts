// A body held back until invited, for `@petstore/mock/http`: its fetch `Request` reads the Node body only once
// something truly needs it. MSW clones every request it runs through handlers, and a clone reads ahead: without the
// hold, that read alone would invite the body (`100 Continue`) and wait for it before the core's 401. Kept on the
// request under global symbols, so the `/http` entry and the main one agree without sharing module state.

const INVITE = Symbol.for("@petstore/mock.inviteBody");
const GATED = Symbol.for("@petstore/mock.gated");

type Holding = { [INVITE]?: () => void };

/** Holds `request`'s body back until `inviteBody(request)`; returns the promise that the body's reads wait on. */
export function holdBody(request: Request): Promise<void> {
  let invite!: () => void;
  const invited = new Promise<void>((resolve) => {
    invite = resolve;
  });
  Object.defineProperty(request, INVITE, {
    configurable: true,
    value: () => {
      delete (request as Holding)[INVITE];
      invite();
    },
  });
  return invited;
}

/** Lets `request`'s held-back body be read (its `100 Continue` sent); nothing for a request whose body is not held. */
export function inviteBody(request: Request): void {
  (request as Holding)[INVITE]?.();
}

/** Whether `request`'s body is held back and not yet invited: reading it now would wait for `inviteBody`. */
export function bodyHeldBack(request: Request): boolean {
  return (request as Holding)[INVITE] !== undefined;
}

/** Marks `handler` as one that invites a held-back body itself, once the service core has accepted the request's head. */
export function markGated(handler: object): void {
  Object.defineProperty(handler, GATED, { value: true });
}

/** Whether `handler` invites a held-back body itself (a scenario or override); any other handler may read it at once. */
export function isGated(handler: object): boolean {
  return (handler as { [GATED]?: boolean })[GATED] === true;
}
