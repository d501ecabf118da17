import { parseArgs } from "node:util";
import { InvalidParamError, NotFoundError } from "@tapeline/core";
import type { AccountBillingState } from "../billing/BillingProvider.ts";
import type { AccountService } from "../billing/createAccountService.ts";
import type { BillingStore } from "../billing/createBillingStore.ts";

/** What each command takes; printed by `help`. */
export const ADMIN_USAGE = `Usage: tsx services/api/src/admin/cli.ts <command> [options]

Commands:
  create-account --email E [--name N] [--password P] [--state S]
  show --account ID | --email E           account, live credits of the month, keys
  grant-credits --account ID --credits N [--reason R]
  set-state --account ID --state S        active | pending | verify_payment | payment_processing | payment_failed
  suspend --account ID                    billable calls answer 403 account_suspended
  resume --account ID                     back to the billing state held before
  add-payment-method --account ID [--token T]   via the configured provider; grants the free credits once
  set-spend-cap --account ID --usd X      0 to 100000
  set-plan --account ID --plan payg|enterprise [--contract-credits N]
  set-password --account ID --password P  portal sign-in credential
  create-key --account ID --name N        prints the secret once
  set-key-limits --account ID --key K [--per-minute N] [--burst N]   raise one key's limits (omit to reset)
  set-screener-streams --account ID --key K --enabled true|false   open the screener stream channels to a key

Environment: DATABASE_URL, REDIS_URL, and the billing variables (BILLING_*, RATE_LIMIT_*).`;

function required(values: Record<string, string | undefined>, name: string): string {
  const v = values[name];
  if (v === undefined || v === "") throw new InvalidParamError(name, `--${name} is required`);
  return v;
}

function positiveInt(raw: string, name: string): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new InvalidParamError(name, `--${name} must be a positive integer`);
  return n;
}

/**
 * Runs one admin command against the account service; the CLI prints what it returns as JSON.
 * @throws ApiError (INVALID_PARAM, NOT_FOUND, FORBIDDEN) for bad input or unknown accounts.
 */
export async function runAdminCommand(
  argv: string[],
  deps: { accounts: AccountService; store: BillingStore },
): Promise<unknown> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      state: { type: "string" },
      account: { type: "string" },
      credits: { type: "string" },
      reason: { type: "string" },
      token: { type: "string" },
      usd: { type: "string" },
      plan: { type: "string" },
      "contract-credits": { type: "string" },
      key: { type: "string" },
      "per-minute": { type: "string" },
      burst: { type: "string" },
      enabled: { type: "string" },
    },
  });
  const { accounts, store } = deps;
  const account = () => required(values, "account");

  switch (command) {
    case "create-account":
      return accounts.createAccount({
        email: required(values, "email"),
        name: values.name ?? "",
        password: values.password ?? null,
        ...(values.state ? { state: values.state as AccountBillingState } : {}),
      });
    case "show": {
      const id =
        values.account ??
        (await accounts.findAccountByEmail(required(values, "email")))?.id ??
        (() => {
          throw new NotFoundError("no account with this email");
        })();
      return {
        account: await accounts.getAccount(id),
        credits: await store.figures(id),
        keys: await accounts.listKeys(id, { includeRevoked: true }),
      };
    }
    case "grant-credits": {
      const credits = positiveInt(required(values, "credits"), "credits");
      await accounts.grantCredits(account(), credits, values.reason ?? "granted by an operator");
      return { granted: credits, credits: await store.figures(account()) };
    }
    case "set-state":
      await accounts.setState(account(), required(values, "state") as AccountBillingState);
      return accounts.getAccount(account());
    case "suspend":
      await accounts.setSuspended(account(), true);
      return accounts.getAccount(account());
    case "resume":
      await accounts.setSuspended(account(), false);
      return accounts.getAccount(account());
    case "add-payment-method":
      return accounts.addPaymentMethod(account(), values.token ?? null);
    case "set-spend-cap":
      return accounts.setSpendCap(account(), required(values, "usd"));
    case "set-plan": {
      const plan = required(values, "plan");
      if (plan !== "payg" && plan !== "enterprise")
        throw new InvalidParamError("plan", "--plan is payg or enterprise");
      const contract = values["contract-credits"];
      await accounts.setPlan(
        account(),
        plan,
        contract === undefined ? null : positiveInt(contract, "contract-credits"),
      );
      return accounts.getAccount(account());
    }
    case "set-password":
      await accounts.setPassword(account(), required(values, "password"));
      return { account: account(), passwordSet: true };
    case "create-key":
      return accounts.createKey(account(), required(values, "name"));
    case "set-key-limits": {
      const perMinute = values["per-minute"];
      const burst = values.burst;
      await accounts.setKeyLimits(account(), required(values, "key"), {
        ratePerMinute: perMinute === undefined ? null : positiveInt(perMinute, "per-minute"),
        burstPerSecond: burst === undefined ? null : positiveInt(burst, "burst"),
        groupCaps: null,
      });
      return (await accounts.listKeys(account())).find((k) => k.id === values.key);
    }
    case "set-screener-streams": {
      const enabled = required(values, "enabled");
      if (enabled !== "true" && enabled !== "false")
        throw new InvalidParamError("enabled", "--enabled must be true or false");
      await accounts.setScreenerStreams(account(), required(values, "key"), enabled === "true");
      return { key: values.key, screenerStreams: enabled === "true" };
    }
    default:
      throw new InvalidParamError(
        "command",
        command ? `unknown command ${command}\n\n${ADMIN_USAGE}` : ADMIN_USAGE,
      );
  }
}
