{{/* Chart name. */}}
{{- define "tapeline.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Full name: release-chart, or the release name when it already contains the chart name. */}}
{{- define "tapeline.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Labels shared by every object; pass (dict "ctx" $ "component" "router"). */}}
{{- define "tapeline.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .ctx.Chart.Name .ctx.Chart.Version | replace "+" "_" }}
app.kubernetes.io/managed-by: {{ .ctx.Release.Service }}
app.kubernetes.io/version: {{ .ctx.Chart.AppVersion | quote }}
{{ include "tapeline.selectorLabels" . }}
{{- end -}}

{{/* Selector labels; pass (dict "ctx" $ "component" "router"). */}}
{{- define "tapeline.selectorLabels" -}}
app.kubernetes.io/name: {{ include "tapeline.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Image reference of a component; pass (dict "ctx" $ "component" "api"). */}}
{{- define "tapeline.image" -}}
{{- $repo := index .ctx.Values.image.repositories .component -}}
{{- $tag := default .ctx.Chart.AppVersion .ctx.Values.image.tag -}}
{{- if .ctx.Values.image.registry -}}
{{- printf "%s/%s:%s" .ctx.Values.image.registry $repo $tag -}}
{{- else -}}
{{- printf "%s:%s" $repo $tag -}}
{{- end -}}
{{- end -}}

{{/* The Secret and key holding the Postgres URL (the dev Citus's own when enabled). */}}
{{- define "tapeline.postgresSecret" -}}
{{- if .Values.citus.enabled -}}{{ include "tapeline.fullname" . }}-citus{{- else -}}{{ .Values.postgres.existingSecret }}{{- end -}}
{{- end -}}
{{- define "tapeline.postgresKey" -}}
{{- if .Values.citus.enabled -}}url{{- else -}}{{ .Values.postgres.secretKey }}{{- end -}}
{{- end -}}

{{/* The Secret and key holding the Redis URL (the dev Redis's own when enabled). */}}
{{- define "tapeline.redisSecret" -}}
{{- if .Values.redisDev.enabled -}}{{ include "tapeline.fullname" . }}-redis{{- else -}}{{ .Values.redis.existingSecret }}{{- end -}}
{{- end -}}
{{- define "tapeline.redisKey" -}}
{{- if .Values.redisDev.enabled -}}url{{- else -}}{{ .Values.redis.secretKey }}{{- end -}}
{{- end -}}

{{/* DATABASE_URL, REDIS_URL and PORT from their Secrets; pass (dict "ctx" $ "port" 8080). */}}
{{- define "tapeline.connectionEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "tapeline.postgresSecret" .ctx }}
      key: {{ include "tapeline.postgresKey" .ctx }}
- name: REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "tapeline.redisSecret" .ctx }}
      key: {{ include "tapeline.redisKey" .ctx }}
- name: PORT
  value: {{ .port | quote }}
{{- end -}}

{{/* Liveness (/healthz) and readiness (/readyz) probes on the port named http. */}}
{{- define "tapeline.probes" -}}
livenessProbe:
  httpGet:
    path: /healthz
    port: http
  periodSeconds: 10
  timeoutSeconds: 2
  failureThreshold: 3
readinessProbe:
  httpGet:
    path: /readyz
    port: http
  periodSeconds: 5
  timeoutSeconds: 2
  failureThreshold: 2
{{- end -}}
