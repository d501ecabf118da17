import {
  CustomObjectsApi,
  type KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
} from "@kubernetes/client-node";
import { isNotFound, toKubeApiError } from "./errors.ts";
import { FIELD_MANAGER } from "./labels.ts";
import type { KubeObject } from "./types.ts";

/** Names an object: its type and where it lives. */
export type ObjectRef = { apiVersion: string; kind: string; namespace: string; name: string };

/**
 * The few Kubernetes calls the operator makes. Every write goes through here, so tests can count them.
 * Errors are KubeApiError / ConflictError.
 */
export interface KubeClient {
  /** The object, or null when it does not exist. */
  get<T extends KubeObject>(ref: ObjectRef): Promise<T | null>;
  /** Objects of a kind in a namespace, optionally filtered by a label selector. */
  list<T extends KubeObject>(
    apiVersion: string,
    kind: string,
    namespace: string,
    labelSelector?: string,
  ): Promise<T[]>;
  /** Server-side apply (forced, as the operator's field manager). `dryRun` asks the API to validate only. */
  apply<T extends KubeObject>(obj: KubeObject, opts?: { dryRun?: boolean }): Promise<T>;
  /** Deletes the object (background propagation); false when it was already gone. */
  delete(ref: ObjectRef): Promise<boolean>;
  /** Replaces the status of a custom resource; `obj.metadata.resourceVersion` makes a stale write a 409. */
  replaceStatus<T extends KubeObject>(obj: T): Promise<T>;
  /** Sets `metadata.finalizers` guarded by the resourceVersion read with the object (stale: 409). */
  setFinalizers<T extends KubeObject>(obj: T, finalizers: string[]): Promise<T>;
}

function plainJson<T>(value: T): T {
  // The client returns model classes with Date fields; the operator works on JSON as the API serves it.
  return JSON.parse(JSON.stringify(value)) as T;
}

function groupVersion(apiVersion: string): { group: string; version: string } {
  const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["", apiVersion];
  return { group: group as string, version: version as string };
}

/**
 * A KubeClient over @kubernetes/client-node.
 * @param plurals resource names of the custom kinds whose status the operator writes (kind → plural).
 */
export function createKubeClient(kc: KubeConfig, plurals: Record<string, string>): KubeClient {
  const objects = KubernetesObjectApi.makeApiClient(kc);
  const custom = kc.makeApiClient(CustomObjectsApi);
  const header = (ref: ObjectRef) => ({
    apiVersion: ref.apiVersion,
    kind: ref.kind,
    metadata: { name: ref.name, namespace: ref.namespace },
  });
  const customRef = (obj: KubeObject) => {
    const plural = plurals[obj.kind];
    if (!plural) throw new TypeError(`no plural known for ${obj.kind}`);
    const { group, version } = groupVersion(obj.apiVersion);
    return {
      group,
      version,
      plural,
      namespace: obj.metadata.namespace as string,
      name: obj.metadata.name as string,
    };
  };
  const describe = (o: { kind: string; metadata?: { namespace?: string; name?: string } }) =>
    `${o.kind} ${o.metadata?.namespace}/${o.metadata?.name}`;

  return {
    async get<T extends KubeObject>(ref: ObjectRef) {
      try {
        return plainJson(await objects.read<KubernetesObject>(header(ref))) as T;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw toKubeApiError(err, `get ${ref.kind} ${ref.namespace}/${ref.name}`);
      }
    },
    async list<T extends KubeObject>(
      apiVersion: string,
      kind: string,
      namespace: string,
      labelSelector?: string,
    ) {
      try {
        const list = await objects.list(
          apiVersion,
          kind,
          namespace,
          undefined,
          undefined,
          undefined,
          undefined,
          labelSelector,
        );
        // List items carry no apiVersion/kind; put them back so items can be applied and compared.
        return plainJson(list.items).map((item) => ({ ...item, apiVersion, kind }) as T);
      } catch (err) {
        throw toKubeApiError(err, `list ${kind} in ${namespace}`);
      }
    },
    async apply<T extends KubeObject>(obj: KubeObject, opts: { dryRun?: boolean } = {}) {
      try {
        const out = await objects.patch(
          obj as KubernetesObject,
          undefined,
          opts.dryRun ? "All" : undefined,
          FIELD_MANAGER,
          true,
          PatchStrategy.ServerSideApply,
        );
        return plainJson(out) as T;
      } catch (err) {
        throw toKubeApiError(err, `apply ${describe(obj)}`);
      }
    },
    async delete(ref: ObjectRef) {
      try {
        await objects.delete(header(ref), undefined, undefined, undefined, undefined, "Background");
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw toKubeApiError(err, `delete ${ref.kind} ${ref.namespace}/${ref.name}`);
      }
    },
    async replaceStatus<T extends KubeObject>(obj: T) {
      try {
        return (await custom.replaceNamespacedCustomObjectStatus({
          ...customRef(obj),
          body: obj,
          fieldManager: FIELD_MANAGER,
        })) as T;
      } catch (err) {
        throw toKubeApiError(err, `update status of ${describe(obj)}`);
      }
    },
    async setFinalizers<T extends KubeObject>(obj: T, finalizers: string[]) {
      try {
        const patch = {
          apiVersion: obj.apiVersion,
          kind: obj.kind,
          metadata: {
            name: obj.metadata.name,
            namespace: obj.metadata.namespace,
            resourceVersion: obj.metadata.resourceVersion,
            finalizers,
          },
        };
        return plainJson(
          await objects.patch(
            patch as KubernetesObject,
            undefined,
            undefined,
            FIELD_MANAGER,
            undefined,
            PatchStrategy.MergePatch,
          ),
        ) as T;
      } catch (err) {
        throw toKubeApiError(err, `set finalizers of ${describe(obj)}`);
      }
    },
  };
}
