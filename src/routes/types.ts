/** Product areas of docs/rules/routes-and-screens.md; each maps to a feature folder under src/features. */
export type RouteArea = 'live' | 'store' | 'marketing' | 'invitation' | 'helper' | 'staff';

/** Query values; null/undefined are left out so callers can pass optional fields straight through. */
export type HrefQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

// Split a pattern into segments so optional (`:id?`) and required (`:id`) params type differently.
type Segments<P extends string> = P extends `${infer A}/${infer B}` ? Segments<A> | Segments<B> : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer N}` ? N : never;
type OptionalParam<S> = S extends `:${infer N}?` ? N : never;

// A pattern without params takes no keys at all, so a stray { liveid } is a type error.
export type RouteParams<P extends string> = [RequiredParam<Segments<P>> | OptionalParam<Segments<P>>] extends [never]
  ? Record<string, never>
  : { [K in RequiredParam<Segments<P>>]: string | number } & {
      [K in OptionalParam<Segments<P>>]?: string | number | null;
    };

/** Params may be omitted only when the pattern has no required param. */
export type HrefArgs<P extends string> = [RequiredParam<Segments<P>>] extends [never]
  ? [params?: RouteParams<P>, query?: HrefQuery]
  : [params: RouteParams<P>, query?: HrefQuery];

export interface RouteFlags {
  /** Desktop browsers are sent through the PC work-chat frame (see GUARD.md). */
  guarded: boolean;
  /** Kept mounted (hidden) when navigated away, so state and scroll survive a return. */
  keepAlive: boolean;
}

export interface AppRoute<N extends string = string, P extends string = string> extends RouteFlags {
  /** Stable key, independent of the path's spelling. */
  name: N;
  /** Pattern in the spec's spelling; matching ignores case. */
  path: P;
  /** Chinese page title, also written to document.title. */
  title: string;
  area: RouteArea;
  /** Address of this screen; the only way components should build links to it. */
  getHref: (...args: HrefArgs<P>) => string;
}
