// A component of a module the page loads only when it first draws it
// (decision 016: code only where it is used — the director's controls, a team
// event's forms, a league's table). The server renders it with the page;
// in the browser its module is fetched as the page hydrates, and a client
// navigation that needs it waits for it like any route data.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<M[K]>> }));
}
