import type { Recording } from '../../src/procs/recorded-runner.js';
import { readFixture } from './fixtures.js';

/**
 * Probe outputs for the recorded runner, keyed by the argv `node` runs. Tool
 * outputs are the real captures in test/fixtures/node (see each INDEX.md);
 * the few inline strings are real output of this project's dev machine
 * (Debian ucx-utils 1.13) or the tools' fixed error messages.
 */
const node = (dir: string, file: string) => readFixture('node', dir, file);

/** `ucx_info -v` of Debian's ucx-utils 1.13.1, captured on the dev machine. */
export const UCX_INFO_V_DEBIAN = `# Version 1.13.1
# Git branch '<unknown>', revision 0000000
# Configured with: --build=x86_64-linux-gnu --prefix=/usr --includedir=\${prefix}/include --mandir=\${prefix}/share/man --infodir=\${prefix}/share/info --sysconfdir=/etc --localstatedir=/var --disable-option-checking --disable-silent-rules --libdir=\${prefix}/lib/x86_64-linux-gnu --runstatedir=/run --disable-maintainer-mode --disable-dependency-tracking --enable-mt --with-verbs --disable-backtrace-detail --disable-logging --enable-devel-headers --enable-examples --enable-cma
`;

/** An H100 worker with 8 NDR IB ports, one HCA mounted, peermem loaded, NV18, a UCX that cannot register GPU memory. */
export function h100Prefill(): Record<string, Recording> {
  return {
    ibstat: { stdout: node('ibstat', 'h100-ndr-ib-8port-active-plus-bond-roce.txt') },
    'ls -l /dev/infiniband /dev/gdrdrv': {
      stdout: node('ls-dev-infiniband', 'k8s-pod-shared-rdma-device-one-hca.txt'),
      stderr: "ls: cannot access '/dev/gdrdrv': No such file or directory\n",
      exitCode: 2,
    },
    lsmod: { stdout: node('lsmod', 'gpu-operator-doc-grep-nvidia-peermem-and-nvidia-fs.txt') },
    'nvidia-smi topo -m': { stdout: node('nvidia-smi-topo-m', 'h100-8gpu-nv18-8nic-pix.txt') },
    'nvidia-smi nvlink --status': {
      stdout: node('nvidia-smi-nvlink-status', 'h100-single-gpu-i0-18links-26gbps.txt'),
    },
    'sh -c ulimit -l': { stdout: 'unlimited\n' },
    'ucx_info -d': { stdout: node('ucx_info-d', 'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt') },
    'ucx_info -v': { stdout: UCX_INFO_V_DEBIAN },
  };
}

/** Same image on another node whose HCAs are 4 EDR ports, 2 of them disabled. */
export function edrDecode(): Record<string, Recording> {
  return { ...h100Prefill(), ibstat: { stdout: node('ibstat', 'cx5-edr-4port-2active-2disabled.txt') } };
}

/** A worker with no HCA mounted, no driver, a TCP-only UCX, capped memlock and a hung nvlink query. */
export function brokenWorker(): Record<string, Recording> {
  return {
    ibstat: 'missing',
    'ibv_devinfo -v': { stdout: node('ibv_devinfo', 'vv-cx6-hdr-1active-1disabled.txt') },
    'ls -l /dev/infiniband /dev/gdrdrv': {
      stdout: '',
      stderr:
        "ls: cannot access '/dev/infiniband': No such file or directory\nls: cannot access '/dev/gdrdrv': No such file or directory\n",
      exitCode: 2,
    },
    lsmod: 'missing',
    'cat /proc/modules': {
      stdout: '',
      stderr: 'cat: /proc/modules: No such file or directory\n',
      exitCode: 1,
    },
    'nvidia-smi topo -m': {
      stdout:
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.\n\n",
      exitCode: 9,
    },
    'nvidia-smi nvlink --status': { exitCode: null, timedOut: true },
    show_gids: 'missing',
    'sh -c ulimit -l': { stdout: '8192\n' },
    'ucx_info -d': { stdout: node('ucx_info-d', 'no-rdma-tcp-shm-only-ucx17-wiki.txt') },
    'ucx_info -v': { stdout: UCX_INFO_V_DEBIAN },
  };
}
