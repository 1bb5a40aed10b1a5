{{/* The release's base name. */}}
{{- define "rayworks.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "rayworks.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "rayworks.labels" -}}
{{ include "rayworks.selectorLabels" . }}
app.kubernetes.io/part-of: rayworks
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{- define "rayworks.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* A process's settings: the defaults, deeply overridden by its own (false included). */}}
{{- define "rayworks.settings" -}}
{{- $p := mergeOverwrite (deepCopy .defaults) (deepCopy .settings) -}}
{{- $_ := set $p "name" .name -}}
{{- $_ := set $p "kind" .kind -}}
{{- $_ := set $p "owner" .owner -}}
{{- $_ := set $p "entry" .entry -}}
{{- toYaml $p -}}
{{- end -}}

{{/*
Every process, as YAML ({processes: [...]}), each with the defaults merged under its own settings:
name (the Deployment's component), kind (gateway | service | worker | listener), owner (its service), port, entry (what
node runs).
*/}}
{{- define "rayworks.processes" -}}
{{- $d := .Values.defaults -}}
{{- $out := list (fromYaml (include "rayworks.settings" (dict "defaults" $d "settings" .Values.gateway "name" "gateway" "kind" "gateway" "owner" "gateway" "entry" "services/gateway/dist/main.js"))) -}}
{{- range $name, $settings := .Values.services -}}
{{- $out = append $out (fromYaml (include "rayworks.settings" (dict "defaults" $d "settings" $settings "name" $name "kind" "service" "owner" $name "entry" (printf "services/%s/dist/main.js" $name)))) -}}
{{- end -}}
{{- range $name, $settings := .Values.workers -}}
{{- $out = append $out (fromYaml (include "rayworks.settings" (dict "defaults" $d "settings" $settings "name" (printf "%s-worker" $name) "kind" "worker" "owner" $name "entry" (printf "services/%s/dist/worker.js" $name)))) -}}
{{- end -}}
{{- range $name, $settings := .Values.listeners -}}
{{- $out = append $out (fromYaml (include "rayworks.settings" (dict "defaults" $d "settings" $settings "name" $name "kind" "listener" "owner" $settings.owner "entry" $settings.entry))) -}}
{{- end -}}
{{- dict "processes" $out | toYaml -}}
{{- end -}}

{{/* postgres://user:$(DATABASE_PASSWORD)@host:port/db[?sslmode=...]: the password comes from an env var. */}}
{{- define "rayworks.databaseUrl" -}}
{{- $pg := .root.Values.postgresql -}}
{{- $host := required "postgresql.host is required (the external PostgreSQL server)" $pg.host -}}
postgres://{{ .user }}:$({{ .passwordVar }})@{{ $host }}:{{ $pg.port }}/{{ $pg.database }}{{ if $pg.sslmode }}?sslmode={{ $pg.sslmode }}{{ end }}
{{- end -}}

{{- define "rayworks.postgresSecret" -}}
{{- required "postgresql.existingSecret is required (a Secret with the owner and service role passwords)" .Values.postgresql.existingSecret -}}
{{- end -}}

{{/* The environment every process of a service (and the migrations) shares: Kafka, Redis, S3, SMTP. */}}
{{- define "rayworks.infraEnv" -}}
{{- $v := .Values -}}
- name: NODE_ENV
  value: production
- name: LOG_LEVEL
  value: {{ $v.logLevel | quote }}
- name: KAFKA_BROKERS
  value: {{ required "kafka.brokers is required (host:port,...)" $v.kafka.brokers | quote }}
{{- if $v.redis.existingSecret }}
- name: REDIS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $v.redis.existingSecret }}
      key: {{ $v.redis.passwordKey }}
- name: REDIS_URL
  value: {{ printf "%s://:$(REDIS_PASSWORD)@%s:%v" (ternary "rediss" "redis" $v.redis.tls) (required "redis.host is required" $v.redis.host) $v.redis.port | quote }}
{{- else }}
- name: REDIS_URL
  value: {{ printf "%s://%s:%v" (ternary "rediss" "redis" $v.redis.tls) (required "redis.host is required" $v.redis.host) $v.redis.port | quote }}
{{- end }}
- name: S3_ENDPOINT
  value: {{ required "s3.endpoint is required (the object store the processes reach)" $v.s3.endpoint | quote }}
{{- if $v.s3.publicEndpoint }}
- name: S3_PUBLIC_ENDPOINT
  value: {{ $v.s3.publicEndpoint | quote }}
{{- end }}
- name: S3_REGION
  value: {{ $v.s3.region | quote }}
- name: S3_BUCKET
  value: {{ $v.s3.bucket | quote }}
- name: S3_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ required "s3.existingSecret is required (a Secret with the S3 access key id and secret)" $v.s3.existingSecret }}
      key: {{ $v.s3.accessKeyIdKey }}
- name: S3_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $v.s3.existingSecret }}
      key: {{ $v.s3.secretAccessKeyKey }}
{{- if $v.smtp.existingSecret }}
- name: SMTP_URL
  valueFrom:
    secretKeyRef:
      name: {{ $v.smtp.existingSecret }}
      key: {{ $v.smtp.urlKey }}
{{- else }}
- name: SMTP_URL
  value: {{ required "smtp.url or smtp.existingSecret is required" $v.smtp.url | quote }}
{{- end }}
{{- range $name, $value := $v.extraEnv }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/* One process's environment. */}}
{{- define "rayworks.env" -}}
{{- $root := .root -}}
{{- $p := .process -}}
{{- $v := $root.Values -}}
{{- $fullname := include "rayworks.fullname" $root -}}
- name: PORT
  value: {{ $p.port | quote }}
- name: METRICS_PORT
  value: {{ $v.metrics.port | quote }}
- name: HOME
  value: /tmp
- name: PUBLIC_BASE_URL
  value: {{ required "publicBaseUrl is required (the console's address, for links in e-mails and the viewers' links)" $v.publicBaseUrl | quote }}
{{ include "rayworks.infraEnv" $root }}
{{- if ne $p.kind "gateway" }}
- name: DATABASE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "rayworks.postgresSecret" $root }}
      key: {{ $v.postgresql.servicePasswordKey }}
- name: DATABASE_URL
  value: {{ include "rayworks.databaseUrl" (dict "root" $root "user" (printf "rayworks_%s" $p.owner) "passwordVar" "DATABASE_PASSWORD") | quote }}
{{- end }}
{{- if and (eq $p.kind "service") (eq $p.owner "auth") }}
- name: AUTH_SIGNING_KEYS
  valueFrom:
    secretKeyRef:
      name: {{ required "auth.signingKeys.existingSecret is required (the auth service's private signing key set)" $v.auth.signingKeys.existingSecret }}
      key: {{ $v.auth.signingKeys.key }}
{{- else }}
{{- if and (eq $p.kind "service") (has $p.owner (list "cases" "imaging")) }}
- name: VIEWER_TOKEN_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ required "viewer.tokenSecret.existingSecret is required (the study tokens' shared secret, at least 32 characters)" $v.viewer.tokenSecret.existingSecret }}
      key: {{ $v.viewer.tokenSecret.key }}
{{- end }}
- name: AUTH_JWKS_URL
  value: {{ printf "http://%s-auth:%v%s" $fullname $v.services.auth.port $v.auth.jwksPath | quote }}
{{- end }}
{{- if eq $p.kind "gateway" }}
- name: WEB_DIST_DIR
  value: /app/web/dist
- name: TRUSTED_PROXIES
  value: {{ $p.trustedProxies | quote }}
- name: DICOMWEB_CORS_ORIGINS
  value: {{ join "," $p.dicomwebCorsOrigins | quote }}
{{- range $name, $s := $v.services }}
- name: SERVICE_URL_{{ upper $name }}
  value: {{ printf "http://%s-%s:%v" $fullname $name $s.port | quote }}
{{- end }}
{{- else }}
- name: TRUSTED_PROXIES
  value: {{ $v.servicesTrustedProxies | quote }}
{{- end }}
{{- if eq $p.kind "listener" }}
{{- /* where analyzers connect: every interface of the pod (docs/decisions/0301) */}}
- name: ANALYZER_HOST
  value: "0.0.0.0"
{{- range $l := $p.listen }}
- name: {{ $l.env }}
  value: {{ $l.port | quote }}
{{- end }}
{{- end }}
{{- if and (eq $p.kind "service") (eq $p.owner "cases") }}
{{- /* the cases service asks imaging for a case's downloads */}}
- name: SERVICE_URL_IMAGING
  value: {{ printf "http://%s-imaging:%v" $fullname $v.services.imaging.port | quote }}
{{- end }}
{{- if and (eq $p.kind "service") (eq $p.owner "reporting") }}
{{- /* reporting asks cases about every case (with the caller's credentials) and auth for the signer's profile */}}
- name: SERVICE_URL_CASES
  value: {{ printf "http://%s-cases:%v" $fullname $v.services.cases.port | quote }}
- name: SERVICE_URL_AUTH
  value: {{ printf "http://%s-auth:%v" $fullname $v.services.auth.port | quote }}
{{- end }}
{{- end -}}
