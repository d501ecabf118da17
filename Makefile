# The verbs people type. Every target installs what it needs first.
SHELL := /bin/bash
NPM_STAMP := node_modules/.install-stamp

.PHONY: dev cluster test lint format build bench fuzz crds chart install

# `npm install` follows package-lock.json. Not `npm ci`: the lockfile cannot list the optional
# prebuilt binaries of other platforms when the registry in use does not serve them, and
# `npm ci` refuses such a lockfile as out of sync.
$(NPM_STAMP): package.json package-lock.json $(wildcard services/*/package.json operator/package.json)
	npm install --no-audit --no-fund
	node scripts/prepare-binaries.mjs
	@touch $@

install: $(NPM_STAMP)

## Run the whole stack in one process: embedded Postgres, anvil with Uniswap, simulator, API on :8080
dev: $(NPM_STAMP)
	npx tsx services/dev/src/index.ts

## Run the cluster topology on this machine, a process per service (CLUSTER_SHARDS, API_WORKERS, PORT; see README)
cluster: $(NPM_STAMP)
	npx tsx scripts/cluster/main.ts

## Run every test suite (what CI runs)
test: $(NPM_STAMP)
	npx vitest run

lint: $(NPM_STAMP)
	npx biome check .
	npx tsc -p tsconfig.json --noEmit

format: $(NPM_STAMP)
	npx biome format --write .

build: $(NPM_STAMP)
	npx tsc -p tsconfig.json --noEmit

## Benchmarks: each script under bench/ prints its figures (bench/ponder holds Ponder, for ingestVsPonder only)
bench: $(NPM_STAMP)
	@npm install --prefix bench/ponder --no-audit --no-fund >/dev/null \
	  || echo "bench/ponder: npm install failed; ingestVsPonder measures Tapeline alone"
	@for f in bench/*.bench.ts; do echo "== $$f"; npx tsx $$f || exit 1; done

## Long fuzz run over every endpoint (FUZZ_COUNT, default 100000; FUZZ_SEED): prints answers by status
fuzz: $(NPM_STAMP)
	npx tsx bench/apiFuzz.ts

## Regenerate the operator's TypeScript types from crds/*.yaml and copy the CRDs into the chart
crds: $(NPM_STAMP)
	npm run -w @tapeline/operator generate

## Lint and render the Helm chart with its default values and every ci/ scenario
chart:
	bash scripts/k8s-tools/ensure.sh
	. scripts/k8s-tools/versions.env; \
	helm="$${TAPELINE_K8S_CACHE:-$${XDG_CACHE_HOME:-$$HOME/.cache}/tapeline-k8s}/helm-$$HELM_VERSION/bin/helm"; \
	for v in "" charts/tapeline/ci/*-values.yaml; do \
	  "$$helm" lint --strict charts/tapeline $${v:+-f $$v} && "$$helm" template t charts/tapeline $${v:+-f $$v} >/dev/null || exit 1; \
	done
