/**
 * The Lua scripts of the billing layer. Each decision (admit, settle, sweep, flush take) is one
 * script, so Redis runs it atomically: two API replicas can never both spend the last credit or
 * the last rate-limit slot. Scripts read the clock with TIME so every replica shares one clock.
 *
 * Scripts derive account keys from the key record they read, so billing needs one Redis primary
 * (not Redis Cluster) with `maxmemory-policy noeviction`.
 *
 * Redis layout under the prefix P:
 * - `P key:<sha256>`   hash: id, acct, rpm, burst, g:<group>  (or `revoked`=1 tombstone)
 * - `P keys:complete`  set once every active key's record is in Redis: a missing record is then an invalid key
 * - `P acct:<id>`      hash: loaded, state, susp, plan, free, cap, pm
 * - `P m:<id>:<YYYY-MM>` hash: used, paid, req (month counters)
 * - `P rl:<keyId>`     hash: GCRA theoretical arrival times m, b, i, g:<group>
 * - `P resv:open`       zset of credit reservations held between admit and settle, scored by
 *                      time; a member carries the reservation: `<id>|<acct>|<key>|<month>|<free>|<paid>|<cost>`
 * - `P resv:swept`      zset of reservations the sweep gave back, scored by sweep time, kept a while
 *                      so a settle landing late still charges its served call once
 * - `P u:<acct>:<bucket>` hash: usage `<keyId>|<endpoint>|r|c|e`; `P u:pending`, `P u:pend:<acct>` sets
 * - `P uf:<flushId>`   a usage hash taken by the flusher; `P u:flushing`, `P u:flushing:<acct>` sets
 * - `P dirty`          set of `<acct>|<month>` whose counters changed since the last snapshot
 */

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
`;

/** Lua `monthOf(ms)`: the UTC calendar month of a unix-ms time (days-to-civil, Howard Hinnant's algorithm). */
export const MONTH_OF_LUA = `
local function monthOf(ms)
  local z = math.floor(ms / 86400000) + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524) - math.floor(doe / 146096)) / 365)
  local y = yoe + era * 400
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local m = mp < 10 and mp + 3 or mp - 9
  if m <= 2 then y = y + 1 end
  return string.format('%04d-%02d', y, m)
end
`;

/**
 * GCRA: `limit` units per `period` ms, all of them usable at once. Returns the wait in ms
 * (0 when allowed) and the new theoretical arrival time. A weight above the limit is clamped, so
 * an oversized batch waits for a full allowance and then uses all of it, instead of never passing.
 */
const GCRA = `
local function gcra(tat, now, period, limit, weight)
  if weight > limit then weight = limit end
  local interval = period / limit
  if tat < now then tat = now end
  local newTat = tat + weight * interval
  local allowAt = newTat - period
  if allowAt > now then return allowAt - now, tat end
  return 0, newTat
end
local function remainingOf(tat, now, period, limit)
  local interval = period / limit
  if tat < now then tat = now end
  local r = math.floor((now + period - tat) / interval + 1e-9)
  if r < 0 then r = 0 end
  return r
end
`;

/**
 * Admit one request. ARGV: prefix, reservation id, endpoint, cost to reserve, billable (0/1),
 * batch (0/1), items, group, default rpm, default burst, item factor, default group cap,
 * skip rate limits (0/1). KEYS[1]: the key record.
 *
 * Returns { outcome, keyId, acct, rpm, minuteRemaining, minuteResetMs, burst, burstRemaining,
 * retryMs, creditsRemaining, extra, month } where outcome is ok | nokey | invalid | noacct |
 * limited | suspended | state | nocredit, and extra carries the state, `pm|plan` on nocredit,
 * or on ok the reservation to settle.
 */
export const ADMIT_LUA = `${NOW}${MONTH_OF_LUA}${GCRA}
local P = ARGV[1]
local k = redis.call('HMGET', KEYS[1], 'id', 'acct', 'rpm', 'burst', 'revoked', 'g:' .. ARGV[8])
if k[5] then return {'invalid'} end
if not k[1] then return {'nokey'} end
local keyId, acct = k[1], k[2]
local acctKey = P .. 'acct:' .. acct
local a = redis.call('HMGET', acctKey, 'loaded', 'state', 'susp', 'free', 'cap', 'pm', 'plan')
if not a[1] then return {'noacct', keyId, acct} end

local rpm = tonumber(k[3]) or tonumber(ARGV[9])
local burst = tonumber(k[4]) or tonumber(ARGV[10])
local mRemaining, mReset, bRemaining = rpm, 0, burst
if ARGV[13] ~= '1' then
  local batch = ARGV[6] == '1'
  local items = tonumber(ARGV[7])
  local group = ARGV[8]
  local gcap = tonumber(k[6]) or tonumber(ARGV[12])
  local rlKey = P .. 'rl:' .. keyId
  local gField = 'g:' .. group
  local st = redis.call('HMGET', rlKey, 'm', 'b', 'i', gField)
  -- Locals rather than a table per limit: this runs on every request.
  local mOld, bOld = tonumber(st[1]) or 0, tonumber(st[2]) or 0
  local wait, mTat = gcra(mOld, now, 60000, rpm, 1)
  local w, bTat = gcra(bOld, now, 1000, burst, 1)
  if w > wait then wait = w end
  local iTat, gTat
  if batch then
    w, iTat = gcra(tonumber(st[3]) or 0, now, 1000, burst * tonumber(ARGV[11]), items)
    if w > wait then wait = w end
  end
  if gcap > 0 then
    w, gTat = gcra(tonumber(st[4]) or 0, now, 1000, gcap, batch and items or 1)
    if w > wait then wait = w end
  end
  if wait > 0 then
    local mNow = math.max(mOld, now)
    -- A billable answer carries the credits usable now, a 429 too (0 while the account cannot spend).
    local credits = -1
    if ARGV[5] == '1' then
      credits = 0
      if a[3] ~= '1' and a[2] == 'active' then
        local paid = tonumber(redis.call('HGET', P .. 'm:' .. acct .. ':' .. monthOf(now), 'paid')) or 0
        credits = (tonumber(a[4]) or 0) + math.max(0, (tonumber(a[5]) or 0) - paid)
      end
    end
    return {'limited', keyId, acct, rpm, remainingOf(mNow, now, 60000, rpm), math.ceil(mNow - now), burst,
      remainingOf(bOld, now, 1000, burst), math.ceil(wait), credits, '', ''}
  end
  local updates = {'m', tostring(mTat), 'b', tostring(bTat)}
  if iTat then updates[5] = 'i'; updates[6] = tostring(iTat) end
  if gTat then updates[#updates + 1] = gField; updates[#updates + 1] = tostring(gTat) end
  redis.call('HSET', rlKey, unpack(updates))
  redis.call('PEXPIRE', rlKey, 61000)
  mRemaining = remainingOf(mTat, now, 60000, rpm)
  mReset = math.ceil(mTat - now)
  bRemaining = remainingOf(bTat, now, 1000, burst)
end

local month = monthOf(now)
if ARGV[5] ~= '1' then
  return {'ok', keyId, acct, rpm, mRemaining, mReset, burst, bRemaining, 0, -1, '', month}
end
if a[3] == '1' then
  return {'suspended', keyId, acct, rpm, mRemaining, mReset, burst, bRemaining, 0, 0, '', month}
end
if a[2] ~= 'active' then
  return {'state', keyId, acct, rpm, mRemaining, mReset, burst, bRemaining, 0, 0, a[2], month}
end
local mKey = P .. 'm:' .. acct .. ':' .. month
local free = tonumber(a[4]) or 0
local cap = tonumber(a[5]) or 0
local paid = tonumber(redis.call('HGET', mKey, 'paid')) or 0
local allowance = cap - paid
if allowance < 0 then allowance = 0 end
local remaining = free + allowance
local cost = tonumber(ARGV[4])
if cost > remaining then
  return {'nocredit', keyId, acct, rpm, mRemaining, mReset, burst, bRemaining, 0, remaining,
    (a[6] or '0') .. '|' .. (a[7] or 'payg'), month}
end
local fromFree = math.min(free, cost)
local fromPaid = cost - fromFree
if fromFree > 0 then redis.call('HINCRBY', acctKey, 'free', -fromFree) end
if fromPaid > 0 then redis.call('HINCRBY', mKey, 'paid', fromPaid) end
redis.call('HINCRBY', mKey, 'used', cost)
redis.call('EXPIRE', mKey, 5356800)
local member = ARGV[2] .. '|' .. acct .. '|' .. keyId .. '|' .. month .. '|' .. fromFree .. '|' .. fromPaid .. '|' .. cost
redis.call('ZADD', P .. 'resv:open', now, member)
return {'ok', keyId, acct, rpm, mRemaining, mReset, burst, bRemaining, 0, remaining - cost, member, month}
`;

/** Credits the account can use now: carry-over credits plus what is left of this month's allowance. */
const REMAINING = `
local function remainingFor(P, acct, month)
  local a = redis.call('HMGET', P .. 'acct:' .. acct, 'free', 'cap')
  local paid = tonumber(redis.call('HGET', P .. 'm:' .. acct .. ':' .. month, 'paid')) or 0
  local allowance = (tonumber(a[2]) or 0) - paid
  if allowance < 0 then allowance = 0 end
  return (tonumber(a[1]) or 0) + allowance
end
-- Charges \`amount\` to an account's month, carry-over credits first; returns the part they paid.
local function chargeCredits(P, acct, month, amount)
  local acctKey = P .. 'acct:' .. acct
  local mKey = P .. 'm:' .. acct .. ':' .. month
  local fromFree = math.min(tonumber(redis.call('HGET', acctKey, 'free')) or 0, amount)
  if fromFree > 0 then redis.call('HINCRBY', acctKey, 'free', -fromFree) end
  if amount - fromFree > 0 then redis.call('HINCRBY', mKey, 'paid', amount - fromFree) end
  redis.call('HINCRBY', mKey, 'used', amount)
  return fromFree
end
-- Gives back \`amount\` of reservation r: to the month allowance first, then to carry-over credits.
local function refund(P, r, amount)
  if amount <= 0 then return end
  local paidBack = math.min(amount, tonumber(r.paid))
  local freeBack = amount - paidBack
  local mKey = P .. 'm:' .. r.acct .. ':' .. r.month
  if paidBack > 0 then redis.call('HINCRBY', mKey, 'paid', -paidBack) end
  if freeBack > 0 then redis.call('HINCRBY', P .. 'acct:' .. r.acct, 'free', freeBack) end
  redis.call('HINCRBY', mKey, 'used', -amount)
end
local function parseReservation(member)
  local v = {}
  for part in string.gmatch(member, '[^|]+') do v[#v + 1] = part end
  return {acct = v[2], key = v[3], month = v[4], free = v[5], paid = v[6], cost = tonumber(v[7])}
end
-- Removes a reservation; nil when it is gone already (settled or swept), so it is spent once.
local function takeReservation(P, member)
  if redis.call('ZREM', P .. 'resv:open', member) == 0 then return nil end
  return parseReservation(member)
end
-- Removes the trace the sweep left of a reservation it gave back; nil when there is none.
local function takeSwept(P, member)
  if redis.call('ZREM', P .. 'resv:swept', member) == 0 then return nil end
  return parseReservation(member)
end
`;

/**
 * Settle one request. ARGV: prefix, reservation (the member admit returned; '' when not billable), status, credits to
 * charge for a 2xx, endpoint, key id, account id, requests to record (1, or the events of a
 * stream charge). Charges only 2xx; the reservation is consumed
 * exactly once (a second settle finds none and changes nothing). Records usage in the 15-minute
 * bucket of now. Returns { outcome, creditsRemaining, charged } with outcome ok | quota | gone.
 */
export const SETTLE_LUA = `${NOW}${MONTH_OF_LUA}${REMAINING}
local P, resvId, status, want, endpoint, keyId, acct = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5], ARGV[6], ARGV[7]
local ok2xx = status >= 200 and status < 300
local outcome, charged, remaining = 'ok', 0, -1
local month = monthOf(now)
if resvId ~= '' then
  local r = takeReservation(P, resvId)
  if not r then return {'gone', -1, 0} end
  month = r.month
  if not ok2xx then want = 0 end
  if want <= r.cost then
    refund(P, r, r.cost - want)
    charged = want
  else
    local extra = want - r.cost
    if extra > remainingFor(P, acct, month) then
      refund(P, r, r.cost)
      outcome = 'quota'
    else
      chargeCredits(P, acct, month, extra)
      charged = want
    end
  end
  remaining = remainingFor(P, acct, month)
end
local bucket = math.floor(now / 900000) * 900000
local uKey = P .. 'u:' .. acct .. ':' .. bucket
local f = keyId .. '|' .. endpoint .. '|'
redis.call('HINCRBY', uKey, f .. 'r', tonumber(ARGV[8]))
if charged > 0 then redis.call('HINCRBY', uKey, f .. 'c', charged) end
if not ok2xx or outcome == 'quota' then redis.call('HINCRBY', uKey, f .. 'e', 1) end
redis.call('SADD', P .. 'u:pending', acct .. ':' .. bucket)
redis.call('SADD', P .. 'u:pend:' .. acct, bucket)
local mKey = P .. 'm:' .. acct .. ':' .. month
redis.call('HINCRBY', mKey, 'req', tonumber(ARGV[8]))
redis.call('EXPIRE', mKey, 5356800)
redis.call('SADD', P .. 'dirty', acct .. '|' .. month)
return {outcome, remaining, charged}
`;

/**
 * Settles a batch of requests whose reservation covers their charge (so none can fail), in one
 * script: the settles a process queued within one event-loop turn. ARGV: prefix, then per settle
 * 7 fields: reservation ('' when not billable), status, credits to charge for a 2xx (at most the
 * reserved cost), endpoint, key id, account id, requests to record. Each reservation is consumed
 * exactly once as in SETTLE_LUA, or, when the sweep gave it back already, its trace in
 * `resv:swept` is (a 2xx is then charged from the balance); usage increments of the batch are
 * summed before they are written, so a batch writes each usage field, month counter and set
 * once. Computes no balance (nobody waits for one). Returns how many settles were applied (one
 * finding neither its reservation nor its trace is not).
 */
export const SETTLE_BATCH_LUA = `${NOW}${MONTH_OF_LUA}${REMAINING}
local P = ARGV[1]
local nowMonth = monthOf(now)
local bucket = math.floor(now / 900000) * 900000
local usage, usageOrder = {}, {}
local months, monthOrder = {}, {}
local pending, dirty = {}, {}
local function add(t, order, k, f, n)
  local h = t[k]
  if not h then h = {}; t[k] = h; order[#order + 1] = k end
  h[f] = (h[f] or 0) + n
end
local applied = 0
for i = 2, #ARGV, 7 do
  local resvId, status, want = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  local endpoint, keyId, acct, requests = ARGV[i + 3], ARGV[i + 4], ARGV[i + 5], tonumber(ARGV[i + 6])
  local ok2xx = status >= 200 and status < 300
  local month, charged, live = nowMonth, 0, true
  if resvId ~= '' then
    local r = takeReservation(P, resvId)
    if r then
      month = r.month
      if not ok2xx then want = 0 end
      refund(P, r, r.cost - want)
      charged = want
    else
      -- Swept before this settle landed (it was retried through a Redis outage): the sweep gave
      -- the credits back, so a served call is charged now, carry-over credits first.
      r = takeSwept(P, resvId)
      if r then
        month = r.month
        if ok2xx and want > 0 then
          chargeCredits(P, r.acct, r.month, want)
          charged = want
        end
      else
        live = false
      end
    end
  end
  if live then
    applied = applied + 1
    local uKey = P .. 'u:' .. acct .. ':' .. bucket
    local f = keyId .. '|' .. endpoint .. '|'
    add(usage, usageOrder, uKey, f .. 'r', requests)
    if charged > 0 then add(usage, usageOrder, uKey, f .. 'c', charged) end
    if not ok2xx then add(usage, usageOrder, uKey, f .. 'e', 1) end
    pending[acct] = true
    add(months, monthOrder, P .. 'm:' .. acct .. ':' .. month, 'req', requests)
    dirty[acct .. '|' .. month] = true
  end
end
for _, uKey in ipairs(usageOrder) do
  for f, n in pairs(usage[uKey]) do redis.call('HINCRBY', uKey, f, n) end
end
for acct in pairs(pending) do
  redis.call('SADD', P .. 'u:pending', acct .. ':' .. bucket)
  redis.call('SADD', P .. 'u:pend:' .. acct, bucket)
end
for _, mKey in ipairs(monthOrder) do
  redis.call('HINCRBY', mKey, 'req', months[mKey].req)
  redis.call('EXPIRE', mKey, 5356800)
end
for member in pairs(dirty) do redis.call('SADD', P .. 'dirty', member) end
return applied
`;

/**
 * Grows a reservation before its answer is sent, for a per-item call serving more items than it
 * announced, so the settle after delivery is a covered one. ARGV: prefix, reservation (the member
 * admit returned), extra credits. Charges the extra (carry-over credits first) and replaces the
 * member by one carrying the larger cost, with the original time; when the credits cannot cover
 * it, gives the whole reservation back instead. Returns { outcome, creditsRemaining, reservation }
 * with outcome ok | quota | gone (settled or swept already).
 */
export const EXTEND_LUA = `${REMAINING}
local P, member, extra = ARGV[1], ARGV[2], tonumber(ARGV[3])
local score = redis.call('ZSCORE', P .. 'resv:open', member)
local r = takeReservation(P, member)
if not r then return {'gone', -1, ''} end
redis.call('SADD', P .. 'dirty', r.acct .. '|' .. r.month)
local remaining = remainingFor(P, r.acct, r.month)
if extra > remaining then
  refund(P, r, r.cost)
  return {'quota', remaining + r.cost, ''}
end
local fromFree = chargeCredits(P, r.acct, r.month, extra)
local id = string.match(member, '^[^|]*')
local grown = id .. '|' .. r.acct .. '|' .. r.key .. '|' .. r.month .. '|' .. (tonumber(r.free) + fromFree) ..
  '|' .. (tonumber(r.paid) + extra - fromFree) .. '|' .. (r.cost + extra)
redis.call('ZADD', P .. 'resv:open', score, grown)
return {'ok', remaining - extra, grown}
`;

/**
 * Gives back the credits of reservations older than ARGV[2] ms (their request never settled,
 * e.g. the process died), at most ARGV[3] of them, and keeps each one in `resv:swept` for ARGV[4]
 * ms: a covered settle still retried through a Redis outage that lands later charges its call
 * then (SETTLE_BATCH_LUA), once. Older traces are dropped. Returns how many were swept.
 */
export const SWEEP_LUA = `${NOW}${REMAINING}
local P = ARGV[1]
redis.call('ZREMRANGEBYSCORE', P .. 'resv:swept', '-inf', now - tonumber(ARGV[4]))
local members = redis.call('ZRANGEBYSCORE', P .. 'resv:open', '-inf', now - tonumber(ARGV[2]), 'LIMIT', 0, tonumber(ARGV[3]))
for _, member in ipairs(members) do
  local r = takeReservation(P, member)
  refund(P, r, r.cost)
  redis.call('ZADD', P .. 'resv:swept', now, member)
  redis.call('SADD', P .. 'dirty', r.acct .. '|' .. r.month)
end
return #members
`;

/**
 * Takes one pending usage bucket for flushing: renames it to `P uf:<flushId>` and records the
 * flush id, so settles after this point start a fresh bucket hash. ARGV: prefix, account,
 * bucket, flush id. Returns 1 when there was something to take.
 */
export const TAKE_USAGE_LUA = `
local P, acct, bucket, flushId = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
redis.call('SREM', P .. 'u:pending', acct .. ':' .. bucket)
redis.call('SREM', P .. 'u:pend:' .. acct, bucket)
local live = P .. 'u:' .. acct .. ':' .. bucket
if redis.call('EXISTS', live) == 0 then return 0 end
redis.call('RENAME', live, P .. 'uf:' .. flushId)
redis.call('SADD', P .. 'u:flushing', flushId)
redis.call('SADD', P .. 'u:flushing:' .. acct, flushId)
return 1
`;

/**
 * Reads, in one step, the usage of an account not yet in Postgres for sure: its live bucket
 * hashes and the flushed hashes still kept in Redis. ARGV: prefix, account. Returns a flat list
 * of { kind ('live' | flushId), bucket, field, value, ... } quadruples.
 */
export const READ_LIVE_USAGE_LUA = `
local P, acct = ARGV[1], ARGV[2]
local out = {}
for _, bucket in ipairs(redis.call('SMEMBERS', P .. 'u:pend:' .. acct)) do
  local h = redis.call('HGETALL', P .. 'u:' .. acct .. ':' .. bucket)
  for i = 1, #h, 2 do
    out[#out + 1] = 'live'; out[#out + 1] = bucket; out[#out + 1] = h[i]; out[#out + 1] = h[i + 1]
  end
end
for _, flushId in ipairs(redis.call('SMEMBERS', P .. 'u:flushing:' .. acct)) do
  local h = redis.call('HGETALL', P .. 'uf:' .. flushId)
  if #h == 0 then redis.call('SREM', P .. 'u:flushing:' .. acct, flushId) end
  local bucket = string.match(flushId, '^[^:]+:(%d+):')
  for i = 1, #h, 2 do
    out[#out + 1] = flushId; out[#out + 1] = bucket; out[#out + 1] = h[i]; out[#out + 1] = h[i + 1]
  end
end
return out
`;

/**
 * Loads an account into Redis without overwriting anything already there: fields written by a
 * concurrent update win over the Postgres row read before it. KEYS: account hash, month hash.
 * ARGV: state, susp, plan, free, cap, pm, month used, month paid, month requests.
 */
export const LOAD_ACCOUNT_LUA = `
if redis.call('HEXISTS', KEYS[1], 'loaded') == 1 then return 0 end
local names = {'state', 'susp', 'plan', 'free', 'cap', 'pm'}
for i, n in ipairs(names) do redis.call('HSETNX', KEYS[1], n, ARGV[i]) end
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('HSET', KEYS[2], 'used', ARGV[7], 'paid', ARGV[8], 'req', ARGV[9])
  redis.call('EXPIRE', KEYS[2], 5356800)
end
redis.call('HSET', KEYS[1], 'loaded', '1')
return 1
`;

/**
 * Caches a key record unless something (a record or a revocation tombstone) is already there,
 * so a load racing a revocation can never bring the revoked key back. KEYS[1]: key record;
 * ARGV: field/value pairs.
 */
export const LOAD_KEY_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`;

/**
 * Rewrites a key record (new limits) unless a revocation tombstone is there, so a limits change
 * racing a revocation cannot bring the key back. KEYS[1]: key record; ARGV: field/value pairs.
 */
export const REFRESH_KEY_LUA = `
if redis.call('HEXISTS', KEYS[1], 'revoked') == 1 then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`;

/** Demo listener: GCRA per client IP. KEYS[1]: state hash; ARGV: rpm, burst, items (0 = not a batch), item factor. */
export const DEMO_LUA = `${NOW}${GCRA}
local rpm, burst, items, factor = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local st = redis.call('HMGET', KEYS[1], 'm', 'b', 'i')
local checks = {{'m', tonumber(st[1]) or 0, 60000, rpm, 1}, {'b', tonumber(st[2]) or 0, 1000, burst, 1}}
if items > 0 then checks[3] = {'i', tonumber(st[3]) or 0, 1000, burst * factor, items} end
local wait, updates = 0, {}
for _, c in ipairs(checks) do
  local w, tat = gcra(c[2], now, c[3], c[4], c[5])
  if w > wait then wait = w end
  updates[#updates + 1] = c[1]; updates[#updates + 1] = tostring(tat)
  c[6] = tat
end
if wait > 0 then
  local mTat = math.max(checks[1][2], now)
  return {0, remainingOf(mTat, now, 60000, rpm), math.ceil(mTat - now), remainingOf(checks[2][2], now, 1000, burst), math.ceil(wait)}
end
redis.call('HSET', KEYS[1], unpack(updates))
redis.call('PEXPIRE', KEYS[1], 61000)
return {1, remainingOf(checks[1][6], now, 60000, rpm), math.ceil(checks[1][6] - now), remainingOf(checks[2][6], now, 1000, burst), 0}
`;
