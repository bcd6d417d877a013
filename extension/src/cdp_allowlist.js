// @ts-check
/**
 * The CDP commands the host may run and the CDP events the extension forwards, exactly as listed
 * in PROTOCOL.md. Anything else: a command answers `not_allowed`, an event is not forwarded. They are
 * exactly the commands the host sends and the events it reads (host/internal/cdp, whose test ties
 * the two).
 */

/** @type {ReadonlySet<string>} */
export const ALLOWED_CDP_COMMANDS = new Set([
  "Page.enable",
  "Page.getFrameTree",
  "Page.createIsolatedWorld",
  "Page.navigate",
  "Page.reload",
  "Page.getNavigationHistory",
  "Page.navigateToHistoryEntry",
  "Page.captureScreenshot",
  "Page.handleJavaScriptDialog",
  "Emulation.setFocusEmulationEnabled",
  "Page.startScreencast",
  "Page.stopScreencast",
  "Runtime.evaluate",
  "Runtime.callFunctionOn",
  "Runtime.releaseObjectGroup",
  "DOM.describeNode",
  "DOM.resolveNode",
  "DOM.setFileInputFiles",
  "DOMDebugger.getEventListeners",
  "Accessibility.getPartialAXTree",
  "Input.dispatchMouseEvent",
  "Input.dispatchKeyEvent",
  "Input.insertText",
  "Input.setInterceptDrags",
  "Input.dispatchDragEvent",
  "Target.setAutoAttach",
  "Fetch.enable",
  "Fetch.disable",
  "Network.enable",
  "Network.disable",
  "Fetch.continueRequest",
  "Fetch.failRequest",
  "Fetch.takeResponseBodyAsStream",
  "IO.read",
  "IO.close",
]);

/**
 * The two interceptions the host may ask of Fetch.enable, as exact pattern lists. Documents'
 * responses (a page or a frame loading, or a navigation that turns out to be a download) pause, so
 * the host can tell a download from a page and keep its bytes out of the person's Downloads folder.
 * While a batch of steps runs on a page whose profile confirms submissions or purchases, the
 * requests that can carry the page's data out (a document's navigation, XHR, fetch, a beacon,
 * other) also pause before they are sent, for the host to let go or fail (the request guard).
 * @type {ReadonlyArray<ReadonlyArray<{urlPattern: string, resourceType: string, requestStage: string}>>}
 */
const FETCH_PATTERN_SETS = [
  [{ urlPattern: "*", resourceType: "Document", requestStage: "Response" }],
  [
    { urlPattern: "*", resourceType: "Document", requestStage: "Response" },
    { urlPattern: "*", resourceType: "Document", requestStage: "Request" },
    { urlPattern: "*", resourceType: "XHR", requestStage: "Request" },
    { urlPattern: "*", resourceType: "Fetch", requestStage: "Request" },
    { urlPattern: "*", resourceType: "Ping", requestStage: "Request" },
    { urlPattern: "*", resourceType: "Other", requestStage: "Request" },
  ],
];

/**
 * Fetch.enable is allowed with exactly one of FETCH_PATTERN_SETS, in its order, and nothing else
 * (no auth handling).
 * @param {Record<string, unknown> | undefined} params
 * @returns {boolean}
 */
export function allowedFetchEnable(params) {
  if (params === undefined || Object.keys(params).length !== 1 || !Array.isArray(params.patterns)) {
    return false;
  }
  const got = /** @type {unknown[]} */ (params.patterns);
  return FETCH_PATTERN_SETS.some(
    (set) =>
      set.length === got.length &&
      set.every((want, i) => {
        const p = got[i];
        return (
          typeof p === "object" &&
          p !== null &&
          Object.keys(p).length === 3 &&
          /** @type {Record<string, unknown>} */ (p).urlPattern === want.urlPattern &&
          /** @type {Record<string, unknown>} */ (p).resourceType === want.resourceType &&
          /** @type {Record<string, unknown>} */ (p).requestStage === want.requestStage
        );
      }),
  );
}

/**
 * The response headers of a paused document that the host reads to tell a download from a page;
 * no other header (cookies above all) is forwarded.
 * @type {ReadonlySet<string>}
 */
export const FORWARDED_RESPONSE_HEADERS = new Set(["content-type", "content-disposition", "content-length"]);

/**
 * Target.setAutoAttach is allowed with these params only: Chrome attaches the tab's out-of-process
 * frames as child sessions of the tab's own, or of a child session (an out-of-process frame inside
 * another), and nothing else: no workers, no pausing them.
 * @param {Record<string, unknown> | undefined} params
 * @returns {boolean}
 */
export function allowedAutoAttach(params) {
  if (params === undefined || params.autoAttach !== true || params.flatten !== true || params.waitForDebuggerOnStart !== false) {
    return false;
  }
  const keys = Object.keys(params);
  if (!keys.every((k) => ["autoAttach", "flatten", "waitForDebuggerOnStart", "filter"].includes(k))) {
    return false;
  }
  const filter = params.filter;
  return (
    Array.isArray(filter) &&
    filter.length === 1 &&
    typeof filter[0] === "object" &&
    filter[0] !== null &&
    Object.keys(filter[0]).length === 1 &&
    filter[0].type === "iframe"
  );
}

/** @type {ReadonlySet<string>} */
export const FORWARDED_CDP_EVENTS = new Set([
  "Page.javascriptDialogOpening",
  "Page.javascriptDialogClosed",
  "Page.frameNavigated",
  "Page.navigatedWithinDocument",
  "Page.loadEventFired",
  "Page.windowOpen",
  "Page.frameRequestedNavigation",
  "Page.frameStartedLoading",
  "Page.frameStoppedLoading",
  "Inspector.targetCrashed",
  "Input.dragIntercepted",
  "Page.screencastFrame",
]);

/**
 * Network events of the tab's own session, forwarded only for a request that is not a GET, HEAD or
 * OPTIONS, and then only its id, type, URL and method (see sentParams in events.js): how the host's
 * request guard knows the page began to send one before Chrome pauses it.
 * @type {ReadonlySet<string>}
 */
export const FORWARDED_NETWORK_EVENTS = new Set(["Network.requestWillBeSent"]);

/**
 * Network.enable is allowed with no parameters only (no buffers, no bodies kept).
 * @param {Record<string, unknown> | undefined} params
 * @returns {boolean}
 */
export function allowedNetworkEnable(params) {
  return params === undefined || Object.keys(params).length === 0;
}

/**
 * Events of the tab's own session forwarded in part only (see pausedParams in events.js).
 * @type {ReadonlySet<string>}
 */
export const FORWARDED_FETCH_EVENTS = new Set(["Fetch.requestPaused"]);

/**
 * The events of the tab's own session, and of its child sessions, about their child sessions,
 * forwarded for out-of-process frames only (see targetEventParams).
 * @type {ReadonlySet<string>}
 */
export const FORWARDED_TARGET_EVENTS = new Set(["Target.attachedToTarget", "Target.detachedFromTarget"]);
