// @ts-check
/**
 * The CDP commands the host may run and the CDP events the extension forwards, exactly as listed
 * in PROTOCOL.md. Anything else: a command answers `not_allowed`, an event is not forwarded.
 */

/** @type {ReadonlySet<string>} */
export const ALLOWED_CDP_COMMANDS = new Set([
  "Page.enable",
  "Page.navigate",
  "Page.reload",
  "Page.getNavigationHistory",
  "Page.navigateToHistoryEntry",
  "Page.getFrameTree",
  "Page.handleJavaScriptDialog",
  "Page.captureScreenshot",
  "Page.createIsolatedWorld",
  "Page.getLayoutMetrics",
  "Page.setLifecycleEventsEnabled",
  "Page.bringToFront",
  "Page.stopLoading",
  "Runtime.enable",
  "Runtime.evaluate",
  "Runtime.callFunctionOn",
  "Runtime.releaseObject",
  "Runtime.releaseObjectGroup",
  "DOM.enable",
  "DOM.getDocument",
  "DOM.describeNode",
  "DOM.resolveNode",
  "DOM.getBoxModel",
  "DOM.getContentQuads",
  "DOM.scrollIntoViewIfNeeded",
  "DOM.focus",
  "DOM.setFileInputFiles",
  "DOMDebugger.getEventListeners",
  "DOMSnapshot.captureSnapshot",
  "Accessibility.enable",
  "Accessibility.getFullAXTree",
  "Accessibility.getPartialAXTree",
  "Input.dispatchMouseEvent",
  "Input.dispatchKeyEvent",
  "Input.insertText",
  "Input.setInterceptDrags",
  "Input.dispatchDragEvent",
]);

/** @type {ReadonlySet<string>} */
export const FORWARDED_CDP_EVENTS = new Set([
  "Page.javascriptDialogOpening",
  "Page.javascriptDialogClosed",
  "Page.frameNavigated",
  "Page.navigatedWithinDocument",
  "Page.loadEventFired",
  "Page.domContentEventFired",
  "Page.windowOpen",
  "Page.frameRequestedNavigation",
  "Page.frameStartedLoading",
  "Page.frameStoppedLoading",
  "Inspector.targetCrashed",
  "Runtime.executionContextsCleared",
  "Input.dragIntercepted",
]);
