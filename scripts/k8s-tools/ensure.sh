#!/usr/bin/env bash
# Builds the Kubernetes test tools (kube-apiserver, kube-controller-manager, kubectl, etcd, helm) from the Go module proxy into a cache
# outside the clone, one folder per tool and version, and builds only what is missing there.
# Cache root: $TAPELINE_K8S_CACHE, else ${XDG_CACHE_HOME:-$HOME/.cache}/tapeline-k8s. Prints the folders it checked.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=versions.env
source "$here/versions.env"
cache="${TAPELINE_K8S_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tapeline-k8s}"
export PATH="$PATH:/usr/local/go/bin"
command -v go >/dev/null || { echo "ensure.sh: Go is needed to build the Kubernetes test tools" >&2; exit 1; }

k8s_dir="$cache/kubernetes-$KUBERNETES_VERSION/bin"
etcd_dir="$cache/etcd-$ETCD_VERSION/bin"
helm_dir="$cache/helm-$HELM_VERSION/bin"

# Builds into a temporary folder and renames it into place, so an interrupted build never leaves a half cache.
build_into() {
  local dest="$1"; shift
  local tmp="$dest.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp"
  "$@" "$tmp"
  rm -rf "$dest" && mv "$tmp" "$dest"
}

build_kubernetes() {
  local out="$1" minor="${KUBERNETES_VERSION#v1.}"
  minor="${minor%%.*}"
  local pkg="k8s.io/component-base/version"
  (cd "$here" && go build -trimpath -o "$out/" \
    -ldflags "-s -w -X $pkg.gitVersion=$KUBERNETES_VERSION -X $pkg.gitMajor=1 -X $pkg.gitMinor=$minor -X $pkg.gitTreeState=clean" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager k8s.io/kubernetes/cmd/kubectl)
}

build_etcd() {
  (cd "$here" && go build -trimpath -ldflags "-s -w" -o "$1/etcd" go.etcd.io/etcd/server/v3)
}

build_helm() {
  # As helm's own Makefile does: stamp the Kubernetes version of its client libraries, which
  # `helm template` and `helm lint` assume when no cluster is asked (else they assume v1.20).
  local gomod k8s_minor
  gomod="$(go mod download -json "helm.sh/helm/v3@$HELM_VERSION" | sed -n 's/.*"GoMod": "\(.*\)",*/\1/p')"
  k8s_minor="$(sed -n 's/^[[:space:]]*k8s.io\/client-go v0\.\([0-9]*\)\..*/\1/p' "$gomod")"
  local v="helm.sh/helm/v3"
  GOBIN="$1" go install -trimpath -ldflags "-s -w -X $v/internal/version.version=$HELM_VERSION \
    -X $v/pkg/lint/rules.k8sVersionMajor=1 -X $v/pkg/lint/rules.k8sVersionMinor=$k8s_minor \
    -X $v/pkg/chartutil.k8sVersionMajor=1 -X $v/pkg/chartutil.k8sVersionMinor=$k8s_minor" \
    "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
}

[ -x "$k8s_dir/kube-apiserver" ] && [ -x "$k8s_dir/kube-controller-manager" ] && [ -x "$k8s_dir/kubectl" ] || build_into "$k8s_dir" build_kubernetes
[ -x "$etcd_dir/etcd" ] || build_into "$etcd_dir" build_etcd
[ -x "$helm_dir/helm" ] || build_into "$helm_dir" build_helm

echo "k8s tools ready: $k8s_dir $etcd_dir $helm_dir"
