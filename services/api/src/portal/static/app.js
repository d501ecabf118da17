// Customer portal: plain DOM code, no framework. Every text from the server goes through
// textContent, never innerHTML, so account and key names cannot inject markup.

const $ = (id) => document.getElementById(id);
const fmt = new Intl.NumberFormat("en-US");

async function api(method, path, body) {
  const res = await fetch(`/portal/api${path}`, {
    method,
    credentials: "same-origin",
    headers: {
      "X-Portal-Request": "1",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = new Error(json.error?.message ?? `HTTP ${res.status}`);
    err.status = res.status;
    throw err;
  }
  return json.data;
}

function flash(message, isError = false) {
  const el = $("flash");
  el.textContent = message;
  el.className = isError ? "error" : "";
  el.hidden = !message;
}

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const c of children) node.append(c);
  return node;
}

function showSecret(secret) {
  $("new-secret-value").textContent = secret;
  $("new-secret").hidden = false;
}

function forgetSecret() {
  $("new-secret-value").textContent = "";
  $("new-secret").hidden = true;
}

async function loadAccount() {
  const { account, credits } = await api("GET", "/account");
  $("who-email").textContent = account.email;
  $("credits-remaining").textContent = fmt.format(credits.remaining);
  $("credits-used").textContent = fmt.format(credits.used);
  $("credits-carry").textContent = fmt.format(credits.carryOver);
  $("credits-allowance").textContent = fmt.format(Math.max(0, credits.allowance - credits.paid));
  $("credits-requests").textContent = fmt.format(credits.requests);
  $("account-state").textContent = account.suspended ? "suspended" : account.state;
  $("payment-none").hidden = account.hasPaymentMethod;
  if (document.activeElement !== $("spend-cap")) $("spend-cap").value = account.spendCapUsd;
}

function keyRow(key) {
  const name = el("td", { textContent: key.name, className: "key-name" });
  const rename = el("button", { type: "button", textContent: "Rename" });
  const rotate = el("button", { type: "button", textContent: "Rotate" });
  const revoke = el("button", { type: "button", textContent: "Revoke", className: "danger" });
  const row = el("tr", {}, [
    name,
    el("td", {}, [el("code", { textContent: `${key.prefix}…` })]),
    el("td", { textContent: new Date(key.createdAt).toISOString().slice(0, 16).replace("T", " ") }),
    el("td", {}, [rename, " ", rotate, " ", revoke]),
  ]);
  row.dataset.keyId = key.id;
  row.dataset.testid = "key-row";

  rename.addEventListener("click", () => {
    const input = el("input", { value: key.name, maxLength: 64, className: "rename-input" });
    const save = el("button", { type: "button", textContent: "Save" });
    name.replaceChildren(input, " ", save);
    input.focus();
    save.addEventListener("click", () =>
      act(async () => {
        await api("PATCH", `/keys/${encodeURIComponent(key.id)}`, { name: input.value });
        flash("Key renamed.");
      }),
    );
  });
  rotate.addEventListener("click", () => {
    if (!window.confirm(`Rotate "${key.name}"? Its current secret stops working at once.`)) return;
    act(async () => {
      const rotated = await api("POST", `/keys/${encodeURIComponent(key.id)}/rotate`);
      showSecret(rotated.secret);
      flash("Key rotated: the old secret no longer works.");
    });
  });
  revoke.addEventListener("click", () => {
    if (!window.confirm(`Revoke "${key.name}"? It stops working at once, for good.`)) return;
    act(async () => {
      await api("DELETE", `/keys/${encodeURIComponent(key.id)}`);
      flash("Key revoked.");
    });
  });
  return row;
}

async function loadKeys() {
  const keys = await api("GET", "/keys");
  $("key-rows").replaceChildren(...keys.map(keyRow));
}

/** Credits as bars and requests as a line, one point per bucket, drawn as inline SVG. */
function drawChart(points, bucket) {
  const ns = "http://www.w3.org/2000/svg";
  const w = 800;
  const h = 200;
  const pad = 24;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h + pad}`);
  svg.setAttribute("role", "img");
  const maxCredits = Math.max(1, ...points.map((p) => p.credits));
  const maxRequests = Math.max(1, ...points.map((p) => p.requests));
  const step = w / points.length;
  const line = [];
  points.forEach((p, i) => {
    const bh = (p.credits / maxCredits) * (h - pad);
    const bar = document.createElementNS(ns, "rect");
    bar.setAttribute("class", "bar");
    bar.setAttribute("x", String(i * step + 1));
    bar.setAttribute("y", String(h - bh));
    bar.setAttribute("width", String(Math.max(1, step - 2)));
    bar.setAttribute("height", String(bh));
    const title = document.createElementNS(ns, "title");
    title.textContent = `${new Date(p.at).toISOString().slice(0, 16).replace("T", " ")} UTC: ${p.credits} credits, ${p.requests} requests, ${p.errors} errors`;
    bar.append(title);
    svg.append(bar);
    line.push(`${i * step + step / 2},${h - (p.requests / maxRequests) * (h - pad)}`);
  });
  const path = document.createElementNS(ns, "polyline");
  path.setAttribute("class", "line");
  path.setAttribute("points", line.join(" "));
  svg.append(path);
  const label = document.createElementNS(ns, "text");
  label.setAttribute("x", "0");
  label.setAttribute("y", String(h + pad - 6));
  label.textContent = `bars: credits (max ${fmt.format(maxCredits)}) · line: requests (max ${fmt.format(maxRequests)}) · ${bucket} buckets, UTC`;
  svg.append(label);
  $("usage-chart").replaceChildren(svg);
}

async function loadUsage() {
  const bucket = $("usage-bucket").value;
  const points = { "15m": 96, "1h": 24, "6h": 28, "1d": 30 }[bucket];
  const [history, breakdown] = await Promise.all([
    api("GET", `/usage/history?bucket=${bucket}&points=${points}`),
    api("GET", "/usage/breakdown"),
  ]);
  drawChart(history.points, bucket);
  $("breakdown-rows").replaceChildren(
    ...breakdown.map((r) =>
      el("tr", {}, [
        el("td", { textContent: r.endpoint }),
        el("td", { textContent: fmt.format(r.requests), className: "num" }),
        el("td", { textContent: fmt.format(r.credits), className: "num" }),
        el("td", { textContent: fmt.format(r.errors), className: "num" }),
      ]),
    ),
  );
}

async function refresh() {
  await Promise.all([loadAccount(), loadKeys(), loadUsage()]);
}

/** Runs a change, then reloads what it may have changed; errors go to the flash line. */
async function act(fn) {
  try {
    await fn();
    await refresh();
  } catch (err) {
    flash(err.message, true);
  }
}

function showSignedIn(signedIn) {
  $("sign-in").hidden = signedIn;
  $("dashboard").hidden = !signedIn;
  $("who").hidden = !signedIn;
}

async function start() {
  try {
    await refresh();
    showSignedIn(true);
  } catch (err) {
    if (err.status !== 401) flash(err.message, true);
    showSignedIn(false);
  }
}

$("sign-in-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  try {
    await api("POST", "/session", { email: form.get("email"), password: form.get("password") });
    e.target.reset();
    flash("");
    await refresh();
    showSignedIn(true);
  } catch (err) {
    flash(err.message, true);
  }
});

$("sign-out").addEventListener("click", async () => {
  await api("DELETE", "/session").catch(() => {});
  forgetSecret();
  showSignedIn(false);
});

$("create-key-form").addEventListener("submit", (e) => {
  e.preventDefault();
  act(async () => {
    const key = await api("POST", "/keys", { name: $("new-key-name").value });
    $("new-key-name").value = "";
    showSecret(key.secret);
    flash(`Key "${key.name}" created.`);
  });
});

$("copy-secret").addEventListener("click", () => {
  navigator.clipboard?.writeText($("new-secret-value").textContent).then(
    () => flash("Copied."),
    () => flash("Copy failed: select the key and copy it by hand.", true),
  );
});
$("dismiss-secret").addEventListener("click", forgetSecret);

$("spend-cap-form").addEventListener("submit", (e) => {
  e.preventDefault();
  act(async () => {
    await api("PUT", "/spend-cap", { spendCapUsd: $("spend-cap").value });
    $("spend-cap").blur();
    flash("Spend cap saved.");
  });
});

$("add-payment").addEventListener("click", () =>
  act(async () => {
    await api("POST", "/payment-method", { token: null });
    flash("Payment method added.");
  }),
);

$("usage-bucket").addEventListener("change", () => act(async () => {}));

start();
