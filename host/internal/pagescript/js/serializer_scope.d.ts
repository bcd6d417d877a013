// What roles.js and accname.js use of the serializer's scope, which Go
// splices them into (pagescript.go): declared here for their type-check
// (tsconfig.serializer.json), where each file is checked on its
// own. serializer.js declares the same names in that scope.

declare const win: Window & typeof globalThis;
declare const doc: Document;
/** Text nodes a person can see, as the walk found them. */
declare const textSeen: WeakSet<Node>;
/** The node index of each element reported. */
declare const index: Map<Node, number>;
declare const frameTags: Set<string>;
declare const closedRoots: WeakMap<Element, ShadowRoot>;
declare function labelsFor(el: Element): HTMLLabelElement[];
declare function sensitiveCues(el: Element, tag: string, name: string): boolean;
