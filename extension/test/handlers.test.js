import assert from "node:assert/strict";
import { test } from "node:test";

import { AgentTabs } from "../src/agent_tabs.js";
import { ProtocolError } from "../src/errors.js";
import { createHandlers } from "../src/handlers.js";
import { stopSharing } from "../src/sharing.js";
import { FakeStorageArea } from "./helpers/fake_storage.js";

/**
 * A stand-in for DebuggerSessions that records what it was asked; `beforeAttach` runs while an
 * attach is under way.
 */
class FakeSessions {
  /** @type {Set<number>} */
  attached = new Set();
  /** @type {string[]} */
  calls = [];
  /** @type {(() => Promise<void>) | undefined} */
  beforeAttach;

  /** @param {number} tabId */
  async attach(tabId) {
    this.calls.push(`attach ${tabId}`);
    await this.beforeAttach?.();
    this.attached.add(tabId);
  }

  /** @param {number} tabId */
  async detach(tabId) {
    this.calls.push(`detach ${tabId}`);
    if (!this.attached.delete(tabId)) {
      throw new Error(`Debugger is not attached to the tab with id: ${tabId}.`);
    }
  }

  /**
   * @param {number} tabId
   * @param {string} method
   * @param {unknown} _params
   * @param {string} [sessionId]
   */
  async send(tabId, method, _params, sessionId) {
    this.calls.push(sessionId === undefined ? `${method} ${tabId}` : `${method} ${tabId}/${sessionId}`);
    return {};
  }
}

async function setup() {
  const agentTabs = new AgentTabs(new FakeStorageArea());
  await agentTabs.replace([{ tab_id: 1, session: "k1" }]);
  const sessions = new FakeSessions();
  const handlers = createHandlers(
    /** @type {any} */ ({ agentTabs, sessions, connectedSessions: {}, approvals: {}, groupApi: {}, operatorPorts: {} }),
  );
  /**
   * @param {string} method
   * @param {Record<string, unknown>} params
   */
  const call = (method, params) => /** @type {import("../src/handlers.js").Handler} */ (handlers.get(method))(params);
  return { agentTabs, sessions, call };
}

/** @param {unknown} err */
const notAgentTab = (err) =>
  err instanceof ProtocolError && err.code === "not_agent_tab" && /\btab 2 is not an agent tab\b/.test(err.message);

test("debugger.attach and cdp work on an agent tab", async () => {
  const { sessions, call } = await setup();
  assert.deepEqual(await call("debugger.attach", { tab_id: 1 }), {});
  assert.deepEqual(await call("cdp", { tab_id: 1, method: "Page.enable" }), {});
  assert.deepEqual(sessions.calls, ["attach 1", "Page.enable 1"]);
});

test("cdp reaches a child session of the tab; Target.setAutoAttach only as the host uses it, on the tab's session or a child's", async () => {
  const { sessions, call } = await setup();
  const autoAttach = { autoAttach: true, waitForDebuggerOnStart: false, flatten: true, filter: [{ type: "iframe" }] };
  assert.deepEqual(await call("cdp", { tab_id: 1, method: "Target.setAutoAttach", params: autoAttach }), {});
  assert.deepEqual(await call("cdp", { tab_id: 1, session_id: "ABC123", method: "Runtime.evaluate", params: {} }), {});
  const refused = /Target.setAutoAttach is allowed for iframes only/;
  for (const params of [
    { ...autoAttach, waitForDebuggerOnStart: true },
    { ...autoAttach, flatten: false },
    { ...autoAttach, filter: [{ type: "page" }] },
    { ...autoAttach, filter: [{ type: "iframe" }, { type: "worker" }] },
    { autoAttach: true, waitForDebuggerOnStart: false, flatten: true },
    { ...autoAttach, extra: 1 },
  ]) {
    await assert.rejects(call("cdp", { tab_id: 1, method: "Target.setAutoAttach", params }), refused);
  }
  assert.deepEqual(await call("cdp", { tab_id: 1, session_id: "ABC123", method: "Target.setAutoAttach", params: autoAttach }), {});
  await assert.rejects(
    call("cdp", { tab_id: 1, session_id: "ABC123", method: "Target.setAutoAttach", params: { ...autoAttach, flatten: false } }),
    refused,
  );
  await assert.rejects(call("cdp", { tab_id: 1, method: "Target.attachToTarget", params: {} }), /not on the extension's allow-list/);
  // Commands the host does not send are not on the list, even harmless-looking ones.
  for (const method of ["DOM.getDocument", "DOMSnapshot.captureSnapshot", "Page.bringToFront", "Runtime.enable"]) {
    await assert.rejects(call("cdp", { tab_id: 1, method, params: {} }), /not on the extension's allow-list/);
  }
  await assert.rejects(call("cdp", { tab_id: 1, session_id: "a b", method: "Page.enable" }), /session_id must be a CDP session id/);
  await assert.rejects(call("cdp", { tab_id: 1, session_id: 7, method: "Page.enable" }), /session_id must be a CDP session id/);
  assert.deepEqual(sessions.calls, ["Target.setAutoAttach 1", "Runtime.evaluate 1/ABC123", "Target.setAutoAttach 1/ABC123"]);
});

test("debugger.attach and cdp are refused for a tab that is not an agent tab", async () => {
  const { sessions, call } = await setup();
  await assert.rejects(call("debugger.attach", { tab_id: 2 }), notAgentTab);
  await assert.rejects(call("cdp", { tab_id: 2, method: "Page.enable" }), notAgentTab);
  // The allow-list is still checked first, whatever the tab.
  await assert.rejects(call("cdp", { tab_id: 2, method: "Browser.close" }), /not on the extension's allow-list/);
  assert.deepEqual(sessions.calls, []);
});

test("debugger.detach is allowed for any tab", async () => {
  const { sessions, call } = await setup();
  sessions.attached.add(2);
  assert.deepEqual(await call("debugger.detach", { tab_id: 2 }), {});
  assert.deepEqual(sessions.calls, ["detach 2"]);
});

test("a tab that stops being an agent tab is refused from then on", async () => {
  const { agentTabs, call } = await setup();
  await agentTabs.add(2, "k1");
  await call("debugger.attach", { tab_id: 2 });
  await agentTabs.remove(2);
  await assert.rejects(call("cdp", { tab_id: 2, method: "Page.enable" }), notAgentTab);
  await assert.rejects(call("debugger.attach", { tab_id: 2 }), notAgentTab);
});

test("an attach under way when the person stops sharing does not leave the tab attached", async () => {
  const { agentTabs, sessions, call } = await setup();
  await agentTabs.add(2, "k1");
  /** @type {string[]} */
  const events = [];
  /** @type {import("../src/sharing.js").SharingDeps} */
  const sharing = {
    agentTabs,
    sessions: async () => [],
    getTab: async () => ({ url: "https://a.test/" }),
    detach: (tabId) => sessions.detach(tabId),
    ungroup: async () => {},
    emit: (event) => events.push(event),
  };
  // The person's click lands after the attach was checked and before Chrome attached.
  sessions.beforeAttach = () => stopSharing(sharing, 2);
  await assert.rejects(call("debugger.attach", { tab_id: 2 }), notAgentTab);
  assert.equal(sessions.attached.has(2), false);
  assert.deepEqual(events, ["tab.unshared"]);
});
