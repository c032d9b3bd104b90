import type { V1Container, V1PodSpec, V1SecurityContext } from '@kubernetes/client-node';

/**
 * Would Pod Security admission refuse this pod? A pure predictor of the checks in
 * k8s.io/pod-security-admission/policy (file:line of each in references/pod-security.md),
 * at the `latest` version of each check. It returns what the API server's message would
 * list: the check's ForbiddenReason and a detail in upstream's words.
 */

export type PodSecurityLevel = 'privileged' | 'baseline' | 'restricted';

export interface PodSecurityViolation {
  /** Upstream's ForbiddenReason ("allowPrivilegeEscalation != false"), as the admission message says it. */
  reason: string;
  detail: string;
}

type Container = Pick<V1Container, 'name' | 'securityContext' | 'ports'>;

const quote = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(', ');
const plural = (one: string, many: string, n: number) => (n === 1 ? one : many);
const containersOf = (names: readonly string[]) =>
  `${plural('container', 'containers', names.length)} ${quote(names)}`;

/** visitor.go:27 visitContainers: init containers, containers, ephemeral containers. */
function visit(spec: V1PodSpec): Container[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
}

function sc(c: Container): V1SecurityContext {
  return c.securityContext ?? {};
}

/** check_capabilities_baseline.go:62: the default set a container may add. */
const BASELINE_CAPS = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);

/** check_sysctls.go:86-105 (v0.36.3): the safe set through v1.32, the newest a v1.36 API server knows. */
const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
  'net.ipv4.tcp_rmem',
  'net.ipv4.tcp_wmem',
]);

/** check_seLinuxOptions.go:79 (1.31): the types a container may run as. */
const SELINUX_TYPES = new Set([
  '',
  'container_t',
  'container_init_t',
  'container_kvm_t',
  'container_engine_t',
]);

/** check_restrictedVolumes.go:92-102: the volume types `restricted` allows. */
const RESTRICTED_VOLUME_OK = [
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'image',
  'persistentVolumeClaim',
  'projected',
  'secret',
] as const;

const validSeccomp = (t: string | undefined) => t === 'RuntimeDefault' || t === 'Localhost';

type Check = (spec: V1PodSpec) => PodSecurityViolation | undefined;

// check_hostPathVolumes.go:58
const hostPathVolumes: Check = (s) => {
  const bad = (s.volumes ?? []).filter((v) => v.hostPath).map((v) => v.name);
  return bad.length
    ? { reason: 'hostPath volumes', detail: `${plural('volume', 'volumes', bad.length)} ${quote(bad)}` }
    : undefined;
};

// check_seccompProfile_baseline.go:121: only Unconfined is refused here.
const seccompBaseline: Check = (s) => {
  const types = [s.securityContext?.seccompProfile?.type, ...visit(s).map((c) => sc(c).seccompProfile?.type)];
  return types.includes('Unconfined')
    ? { reason: 'seccompProfile', detail: 'must not set securityContext.seccompProfile.type to "Unconfined"' }
    : undefined;
};

// check_capabilities_baseline.go:79
const capabilitiesBaseline: Check = (s) => {
  const bad: string[] = [];
  const caps = new Set<string>();
  for (const c of visit(s)) {
    const extra = (sc(c).capabilities?.add ?? []).filter((x) => !BASELINE_CAPS.has(x));
    if (extra.length) bad.push(c.name);
    for (const x of extra) caps.add(x);
  }
  return bad.length
    ? {
        reason: 'non-default capabilities',
        detail: `${containersOf(bad)} must not include ${quote([...caps].sort())} in securityContext.capabilities.add`,
      }
    : undefined;
};

// check_procMount_baseline.go:66 (1.35 relaxes it for user-namespace pods: :100)
const procMountBaseline: Check = (s) => {
  if (s.hostUsers === false) return undefined;
  const bad = visit(s).filter((c) => sc(c).procMount !== undefined && sc(c).procMount !== 'Default');
  return bad.length
    ? {
        reason: 'procMount',
        detail: `${containersOf(bad.map((c) => c.name))} must not set securityContext.procMount`,
      }
    : undefined;
};

// check_procMount_restricted.go:40: the same rule without the user-namespace relaxation.
const procMountRestricted: Check = (s) => {
  const bad = visit(s).filter((c) => sc(c).procMount !== undefined && sc(c).procMount !== 'Default');
  return bad.length
    ? {
        reason: 'procMount',
        detail: `${containersOf(bad.map((c) => c.name))} must not set securityContext.procMount`,
      }
    : undefined;
};

// ── baseline ────────────────────────────────────────────────────────────────
const baseline: Check[] = [
  // check_hostNamespaces.go:58
  (s) => {
    const on = [
      s.hostNetwork ? 'hostNetwork=true' : '',
      s.hostPID ? 'hostPID=true' : '',
      s.hostIPC ? 'hostIPC=true' : '',
    ].filter(Boolean);
    return on.length ? { reason: 'host namespaces', detail: on.join(', ') } : undefined;
  },
  // check_privileged.go:56
  (s) => {
    const bad = visit(s)
      .filter((c) => sc(c).privileged === true)
      .map((c) => c.name);
    return bad.length
      ? { reason: 'privileged', detail: `${containersOf(bad)} must not set securityContext.privileged=true` }
      : undefined;
  },
  capabilitiesBaseline,
  hostPathVolumes,
  // check_hostPorts.go:60
  (s) => {
    const bad = visit(s).filter((c) => (c.ports ?? []).some((p) => (p.hostPort ?? 0) !== 0));
    return bad.length
      ? { reason: 'hostPort', detail: `${containersOf(bad.map((c) => c.name))} use hostPort` }
      : undefined;
  },
  // check_appArmorProfile.go:83 (the field; the deprecated annotations are not rendered by us)
  (s) => {
    const setters = [
      s.securityContext?.appArmorProfile?.type,
      ...visit(s).map((c) => sc(c).appArmorProfile?.type),
    ];
    const bad = setters.filter((t) => t !== undefined && t !== 'RuntimeDefault' && t !== 'Localhost');
    return bad.length ? { reason: 'forbidden AppArmor profile', detail: quote(bad as string[]) } : undefined;
  },
  // check_seLinuxOptions.go:90
  (s) => {
    const opts = [s.securityContext?.seLinuxOptions, ...visit(s).map((c) => sc(c).seLinuxOptions)];
    const bad = opts.some((o) => o && (!SELINUX_TYPES.has(o.type ?? '') || !!o.user || !!o.role));
    return bad ? { reason: 'seLinuxOptions', detail: 'a forbidden type, user or role' } : undefined;
  },
  procMountBaseline,
  seccompBaseline,
  // check_sysctls.go:138
  (s) => {
    const bad = (s.securityContext?.sysctls ?? []).map((x) => x.name).filter((n) => !SAFE_SYSCTLS.has(n));
    return bad.length ? { reason: 'forbidden sysctls', detail: bad.join(', ') } : undefined;
  },
];

// ── restricted (on top of baseline; restrictedVolumes overrides hostPathVolumes) ─────────
const restricted: Check[] = [
  procMountRestricted,
  // check_restrictedVolumes.go:88
  (s) => {
    const bad = (s.volumes ?? []).filter(
      (v) => !RESTRICTED_VOLUME_OK.some((k) => (v as unknown as Record<string, unknown>)[k] !== undefined),
    );
    return bad.length
      ? {
          reason: 'restricted volume types',
          detail: `${plural('volume', 'volumes', bad.length)} ${quote(bad.map((v) => v.name))}`,
        }
      : undefined;
  },
  // check_allowPrivilegeEscalation.go:64
  (s) => {
    const bad = visit(s)
      .filter((c) => sc(c).allowPrivilegeEscalation !== false)
      .map((c) => c.name);
    return bad.length
      ? {
          reason: 'allowPrivilegeEscalation != false',
          detail: `${containersOf(bad)} must set securityContext.allowPrivilegeEscalation=false`,
        }
      : undefined;
  },
  // check_capabilities_restricted.go:79
  (s) => {
    const noDrop = visit(s)
      .filter((c) => !(sc(c).capabilities?.drop ?? []).includes('ALL'))
      .map((c) => c.name);
    const adding = visit(s).filter((c) =>
      (sc(c).capabilities?.add ?? []).some((x) => x !== 'NET_BIND_SERVICE'),
    );
    const caps = [...new Set(adding.flatMap((c) => sc(c).capabilities?.add ?? []))]
      .filter((x) => x !== 'NET_BIND_SERVICE')
      .sort();
    const parts = [
      noDrop.length ? `${containersOf(noDrop)} must set securityContext.capabilities.drop=["ALL"]` : '',
      adding.length
        ? `${containersOf(adding.map((c) => c.name))} must not include ${quote(caps)} in securityContext.capabilities.add`
        : '',
    ].filter(Boolean);
    return parts.length ? { reason: 'unrestricted capabilities', detail: parts.join('; ') } : undefined;
  },
  // check_runAsNonRoot.go:67 (1.35: a user-namespace pod is exempt) and :78
  (s) => {
    if (s.hostUsers === false) return undefined;
    const pod = s.securityContext?.runAsNonRoot;
    const bad = visit(s).filter((c) => {
      const own = sc(c).runAsNonRoot;
      return own === false || (own === undefined && pod !== true);
    });
    return pod === false || bad.length
      ? {
          reason: 'runAsNonRoot != true',
          detail: `pod or ${containersOf(bad.map((c) => c.name))} must set securityContext.runAsNonRoot=true`,
        }
      : undefined;
  },
  // check_runAsUser.go:68 (1.35: user-namespace pods exempt) and :79
  (s) => {
    if (s.hostUsers === false) return undefined;
    const root = s.securityContext?.runAsUser === 0 || visit(s).some((c) => sc(c).runAsUser === 0);
    return root ? { reason: 'runAsUser=0', detail: 'must not set runAsUser=0' } : undefined;
  },
  // check_seccompProfile_restricted.go:69 (replaces the baseline seccomp check)
  (s) => {
    const podOk = validSeccomp(s.securityContext?.seccompProfile?.type);
    const bad = visit(s).filter((c) => {
      const t = sc(c).seccompProfile?.type;
      return t !== undefined ? !validSeccomp(t) : !podOk;
    });
    const podBad = s.securityContext?.seccompProfile !== undefined && !podOk;
    return podBad || bad.length
      ? {
          reason: 'seccompProfile',
          detail: `pod or ${containersOf(bad.map((c) => c.name))} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`,
        }
      : undefined;
  },
];

/** What Pod Security at `level` would refuse in this pod spec; [] when it would admit it. */
export function predictPodSecurity(spec: V1PodSpec, level: PodSecurityLevel): PodSecurityViolation[] {
  if (level === 'privileged') return [];
  const checks = level === 'baseline' ? baseline : [...withoutOverridden(baseline), ...restricted];
  return checks.map((c) => c(spec)).filter((v): v is PodSecurityViolation => v !== undefined);
}

/**
 * restricted's own checks replace four of baseline's (OverrideCheckIDs, policy/registry.go:123):
 * capabilities (check_capabilities_restricted.go:67), procMount (check_procMount_restricted.go:52),
 * hostPath volumes (check_restrictedVolumes.go:82) and seccomp (check_seccompProfile_restricted.go:56).
 */
const OVERRIDDEN = new Set<Check>([
  capabilitiesBaseline,
  procMountBaseline,
  hostPathVolumes,
  seccompBaseline,
]);
function withoutOverridden(checks: Check[]): Check[] {
  return checks.filter((c) => !OVERRIDDEN.has(c));
}

/** The Pod Security level a label value names, or undefined for a value admission would not accept. */
export function parseLevel(value: string | undefined): PodSecurityLevel | undefined {
  return value === 'privileged' || value === 'baseline' || value === 'restricted' ? value : undefined;
}

/** The reasons an admission message names ("violates PodSecurity \"restricted:latest\": a (…), b (…)"). */
export function reasonsInMessage(message: string): string[] {
  const known = [
    'host namespaces',
    'privileged',
    'non-default capabilities',
    'hostPath volumes',
    'hostPort',
    'forbidden AppArmor profile',
    'seLinuxOptions',
    'procMount',
    'seccompProfile',
    'forbidden sysctls',
    'restricted volume types',
    'allowPrivilegeEscalation != false',
    'unrestricted capabilities',
    'runAsNonRoot != true',
    'runAsUser=0',
  ];
  const body = message.replace(/^.*?violates PodSecurity "[^"]*":\s*/s, '');
  // In the message's own order: each reason opens an item ("reason (detail)"), after ": " or ", ".
  const at = (r: string) => {
    const m = new RegExp(`(^|, )${r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s? \\(`).exec(body);
    return m ? m.index : -1;
  };
  return known
    .map((r) => [r, at(r)] as const)
    .filter(([, i]) => i >= 0)
    .sort((a, b) => a[1] - b[1])
    .map(([r]) => r);
}
