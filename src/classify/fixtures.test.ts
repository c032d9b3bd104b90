import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture, TOOL_FIXTURE_DIRS } from '../../test/helpers/fixtures.js';
import { NVUCX_EXPECTED } from '../../test/helpers/nvucx-expected.js';
import { readWorld } from '../../test/read-world-paste.table.js';
import { rollUp } from '../core/verdict.js';
import { READERS } from '../read/tools.js';
import type { ToolId } from './index.js';

/**
 * What each shared fixture's INDEX.md concludes, as "status id [subject]" per check,
 * read with the defaults of `read` (expect any link, no bandwidth floor).
 */
const expected: Record<string, string[]> = {
  ...NVUCX_EXPECTED,
  'ibstat/a100-hdr-partial-output-ibpanic.txt': [
    'ok ib.port mlx5_0/1',
    'ok ib.port mlx5_1/1',
    'ok ib.port mlx5_2/1',
    'ok ib.port mlx5_3/1',
    'ok ib.port mlx5_4/1',
    'ok ib.port mlx5_5/1',
    'ok ib.port mlx5_6/1',
    'ok ib.port mlx5_7/1',
    'ok ib.ports',
    'warn ib.ibstat mlx5_8',
  ],
  'ibstat/cx5-edr-4port-2active-2disabled.txt': [
    'ok ib.port mlx5_0/1',
    'ok ib.port mlx5_1/1',
    'warn ib.port mlx5_2/1',
    'warn ib.port mlx5_3/1',
    'ok ib.ports',
  ],
  'ibstat/cx7-ib-port-down-polling-redacted.txt': ['fail ib.port mlx5_10/1', 'warn ib.ports'],
  'ibstat/efa0-ca-no-lid-link-layer-unknown.txt': ['ok ib.port efa_0/1', 'ok ib.ports', 'ok rdma.efa'],
  'ibstat/rxe0-soft-roce-aws-ena-rate-100.txt': ['fail ib.port rxe0/1', 'fail ib.ports'],
  'ibstat/rxe0-soft-roce-over-wlan-rate-2.5.txt': ['fail ib.port rxe0/1', 'fail ib.ports'],
  'ibstat/rxe0-soft-roce-vmware-vm-rate-fdr10.txt': ['fail ib.port rxe0/1', 'fail ib.ports'],
  'ibstat/h100-ndr-ib-8active-plus-3-eth-disabled.txt': [
    'ok ib.port mlx5_0/1',
    'ok ib.port mlx5_1/1',
    'ok ib.port mlx5_10/1',
    'ok ib.port mlx5_11/1',
    'warn ib.port mlx5_2/1',
    'ok ib.port mlx5_3/1',
    'ok ib.port mlx5_4/1',
    'ok ib.port mlx5_5/1',
    'ok ib.port mlx5_6/1',
    'warn ib.port mlx5_7/1',
    'warn ib.port mlx5_8/1',
    'ok ib.port mlx5_9/1',
    'ok ib.ports',
  ],
  'ibstat/h100-roce-8rail-1-polling-1-disabled-plus-4-cx6dx.txt': [
    'ok ib.port mlx5_0/1',
    'ok ib.port mlx5_1/1',
    'ok ib.port mlx5_10/1',
    'fail ib.port mlx5_11/1',
    'ok ib.port mlx5_2/1',
    'ok ib.port mlx5_3/1',
    'ok ib.port mlx5_4/1',
    'fail ib.port mlx5_5/1',
    'ok ib.port mlx5_6/1',
    'ok ib.port mlx5_7/1',
    'ok ib.port mlx5_8/1',
    'ok ib.port mlx5_9/1',
    'ok ib.ports',
  ],
  'ibstat/h100-ndr-ib-8port-active-plus-bond-roce.txt': [
    'ok ib.port mlx5_0/1',
    'ok ib.port mlx5_1/1',
    'ok ib.port mlx5_4/1',
    'ok ib.port mlx5_5/1',
    'ok ib.port mlx5_6/1',
    'ok ib.port mlx5_7/1',
    'ok ib.port mlx5_8/1',
    'ok ib.port mlx5_9/1',
    'ok ib.port mlx5_bond_0/1',
    'ok ib.ports',
  ],
  'ibstat/h100-roce-12port-all-active-400-100.txt': [
    'ok ib.port mlx5_0/1',
    'ok ib.port mlx5_1/1',
    'ok ib.port mlx5_10/1',
    'ok ib.port mlx5_11/1',
    'ok ib.port mlx5_2/1',
    'ok ib.port mlx5_3/1',
    'ok ib.port mlx5_4/1',
    'ok ib.port mlx5_5/1',
    'ok ib.port mlx5_6/1',
    'ok ib.port mlx5_7/1',
    'ok ib.port mlx5_8/1',
    'ok ib.port mlx5_9/1',
    'ok ib.ports',
  ],
  'ibstatus/a100-azure-8port-hdr-plus-accelnet-eth.txt': [
    'ok ib.port mlx5_0/1',
    'ok ib.port mlx5_1/1',
    'ok ib.port mlx5_2/1',
    'ok ib.port mlx5_3/1',
    'ok ib.port mlx5_4/1',
    'ok ib.port mlx5_5/1',
    'ok ib.port mlx5_6/1',
    'ok ib.port mlx5_7/1',
    // The accelerated-networking Ethernet VF at 40 Gb/s beside the 200G IB fabric: a front-end NIC, not a KV rail.
    'skipped ib.port mlx5_8/1',
    'ok ib.ports',
  ],
  'ibstatus/cx4lx-10g-1x-qdr-and-25g-1x-edr-both-active.txt': [
    'fail ib.port mlx5_0/1',
    'fail ib.port mlx5_1/1',
    'fail ib.ports',
    'warn ib.rate',
  ],
  'ibstatus/cx4lx-25gbe-1x-edr-active-plus-disabled.txt': [
    'fail ib.port mlx5_0/1',
    'warn ib.port mlx5_1/1',
    'fail ib.ports',
  ],
  'ibstatus/no-devices-sys-files-not-found.txt': ['fail rdma.devices'],
  'ibstatus/roce-2port-400-ndr-ethernet.txt': ['ok ib.port mlx5_0/1', 'ok ib.port mlx5_1/1', 'ok ib.ports'],
  'ibv_devinfo/cx3-2hca-port1-active-port2-down.txt': [
    'ok ib.port mlx4_1/1',
    'warn ib.port mlx4_1/2',
    'ok ib.port mlx4_0/1',
    'warn ib.port mlx4_0/2',
    'ok ib.ports',
  ],
  'ibv_devinfo/cx3-v-port2-down-polling-mofed4-exp-caps.txt': ['warn ib.port mlx4_1/2', 'warn ib.ports'],
  'ibv_devinfo/efa0-head-truncated-port-fields-not-shown.txt': [
    'skipped ib.port efa_0/1',
    'skipped ib.ports',
  ],
  'ibv_devinfo/failed-to-open-device-x8-plus-cx3-vf-active.txt': [
    'ok ib.port mlx4_2/1',
    'ok ib.ports',
    'warn rdma.devices',
  ],
  'ibv_devinfo/no-ib-devices-found-no-userspace-driver.txt': ['fail rdma.devices'],
  'ibv_devinfo/rxe0-old-librxe-vendor-0-no-link-layer.txt': ['fail ib.port rxe0/1', 'fail ib.ports'],
  'ibv_devinfo/siw-3dev-enp0s25-lo-docker0.txt': [
    'fail ib.port siw_enp0s25/1',
    'fail ib.port siw_lo/1',
    'fail ib.port siw_docker0/1',
    'fail ib.ports',
  ],
  'ibv_devinfo/cx5-eth-plus-cx6-ib-port-init-no-sm.txt': [
    'warn ib.port mlx5_0/1',
    'ok ib.port mlx5_1/1',
    'fail ib.port mlx5_2/1',
    'fail ib.port mlx5_3/1',
    'ok ib.ports',
  ],
  'ibv_devinfo/vv-cx6-hdr-1active-1disabled.txt': [
    'ok ib.port mlx5_0/1',
    'warn ib.port mlx5_1/1',
    'ok ib.ports',
  ],
  'topo/8gpu-pcie-only-all-sys-no-nic.txt': ['warn nvlink.topology', 'skipped gdr.nic-affinity'],
  'topo/a100-8gpu-nv12-8nic-roce-pxb.txt': ['ok nvlink.topology', 'ok gdr.nic-affinity'],
  'topo/h100-4gpu-nv6-direct-4nic-pix.txt': ['ok nvlink.topology', 'ok gdr.nic-affinity'],
  'topo/h100-8gpu-nv18-8nic-pix.txt': ['ok nvlink.topology', 'ok gdr.nic-affinity'],
  'topo/rtx3090-2gpu-nv4-bridge.txt': ['ok nvlink.topology', 'skipped gdr.nic-affinity'],
  'topo/rtx5090-8gpu-pcie-only-1nic-node.txt': ['warn nvlink.topology', 'warn gdr.nic-affinity'],
  'nvlink/a100-sxm4-8gpu-12links-25gbps.txt': [
    'ok nvlink.links GPU0',
    'ok nvlink.links GPU1',
    'ok nvlink.links GPU2',
    'ok nvlink.links GPU3',
    'ok nvlink.links GPU4',
    'ok nvlink.links GPU5',
    'ok nvlink.links GPU6',
    'ok nvlink.links GPU7',
  ],
  'nvlink/h100-single-gpu-i0-18links-26gbps.txt': ['ok nvlink.links GPU0'],
  'nvlink/v100-sxm2-partial-2-links-inactive.txt': ['fail nvlink.links GPU3'],
  'lsmod/a100-peermem-and-nv_peer_mem-both-absent.txt': ['warn gdr.peermem'],
  'lsmod/egx-grep-nv_peer_mem-legacy-loaded.txt': ['ok gdr.peermem', 'skipped gdr.gdrdrv'],
  'lsmod/gpu-operator-doc-grep-nvidia-peermem-and-nvidia-fs.txt': ['ok gdr.peermem', 'skipped gdr.gdrdrv'],
  'dev-infiniband/k8s-pod-rdma-hca-device-plugin-selinux.txt': [
    'ok rdma.devices',
    'ok rdma.cm',
    'skipped rdma.netdev',
  ],
  'dev-infiniband/k8s-pod-shared-rdma-device-one-hca.txt': [
    'ok rdma.devices',
    'ok rdma.cm',
    'ok rdma.netdev',
  ],
  'show_gids/cx6-roce-single-port-v1-v2-ipv4.txt': ['ok rdma.gid'],
  'show_gids/k8s-macvlan-pod-a-gid-index-4-5.txt': ['ok rdma.gid'],
  'show_gids/k8s-pod-calico-no-gids.txt': ['fail rdma.gid'],
  'memlock/docker-default-container-8192kb-vs-host.txt': ['warn memlock.limit'],
  'memlock/host-ulimit-Ha-memlock-unlimited.txt': ['ok memlock.limit'],
  'ucx_info/cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt': ['ok ucx.rdma', 'ok ucx.cuda', 'fail gdr.ucx'],
  'ucx_info/no-rdma-tcp-shm-only-ucx17-wiki.txt': ['fail ucx.rdma', 'fail ucx.cuda'],
  'gdrcopy/a100-gdrdrv-working-wc-mapping.txt': ['ok gdr.gdrcopy'],
  'nixlbench/etcd-stale-keys-rank10-waiting.log': ['fail nixlbench.run'],
  'nixlbench/etcd-stale-size-key-setup-fail.log': ['fail nixlbench.run'],
  // Derived (its INDEX.md): half the healthy run's bandwidth, below the 5 GB/s floor of an unknown link.
  'nixlbench/legacy-0.x-ucx-vram-to-dram-half-bandwidth-derived.log': [
    'ok nixlbench.run',
    'fail nixlbench.bandwidth',
    'skipped nixlbench.transport',
  ],
  'nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log': [
    'ok nixlbench.run',
    'warn nixlbench.bandwidth',
    'skipped nixlbench.transport',
  ],
  'nixlbench/posix-storage-single-process-ok.log': ['ok nixlbench.run', 'skipped nixlbench.bandwidth'],
  'nixlbench/ucx-dram-ci-2rank-same-host-timestamped-ok.log': [
    'ok nixlbench.run',
    'skipped nixlbench.bandwidth',
    'skipped nixlbench.peers',
    'skipped nixlbench.transport',
  ],
  'nixlbench/ucx-plugin-missing-createbackend-fail.log': ['fail nixlbench.run'],
  'nixlbench/ucx-vram-h200-cx7-400g-degraded.log': [
    'ok nixlbench.run',
    'fail nixlbench.bandwidth',
    'skipped nixlbench.transport',
  ],
  'ucx_perftest/tag-bw-cuda-ipc-nvlink-ok.log': [
    'ok perftest.run',
    'warn perftest.bandwidth',
    'skipped perftest.transport',
  ],
  'ucx_perftest/tag-bw-cuda-rc-ib-ok.log': [
    'ok perftest.run',
    'warn perftest.bandwidth',
    'skipped perftest.transport',
  ],
  'ucx_perftest/ucp-put-bw-cuda-rc-mlx5-protoinfo.log': [
    'ok perftest.run',
    'warn perftest.bandwidth',
    'ok perftest.stability',
    'ok perftest.transport',
    'ok perftest.gpudirect',
  ],
  // Issue 38: nvidia-smi topo -p2p (test/fixtures/node/nvidia-smi-topo-p2p/INDEX.md).
  'topo-p2p/rtx5090-2gpu-rw-gns.txt': ['warn nvlink.p2p'],
  'topo-p2p/rtx5090-2gpu-rw-gns-spaces.txt': ['warn nvlink.p2p'],
  'topo-p2p/rtx3090-2gpu-rw-ok-patched-driver.txt': ['ok nvlink.p2p'],
  'topo-p2p/rtx50-5gpu-paste-p2p-typo-then-p2p-p-all-ok.txt': ['ok nvlink.p2p'],
  'ucx_perftest/ucp-put-bw-host-roce-jitter.log': [
    'ok perftest.run',
    'fail perftest.bandwidth',
    'fail perftest.stability',
    'skipped perftest.transport',
  ],
};

describe('classifiers on every shared fixture (conclusions of each INDEX.md)', () => {
  const all = Object.entries(TOOL_FIXTURE_DIRS).flatMap(([tool, dir]) =>
    listFixtures(...dir)
      .filter((f) => !readWorld(f))
      .map((f) => `${tool}/${f}`),
  );
  it('has an expectation for every fixture file (a new fixture needs one)', () => {
    expect(all.sort()).toEqual(Object.keys(expected).sort());
  });
  for (const key of all) {
    it(key, () => {
      const [tool, file] = key.split('/') as [ToolId, string];
      const dir = TOOL_FIXTURE_DIRS[tool] as string[];
      const { checks } = READERS[tool](readFixture(...dir, file), { expect: 'any' });
      expect(checks.map((c) => `${c.status} ${c.id}${c.subject ? ` ${c.subject}` : ''}`)).toEqual(
        expected[key],
      );
      // Every warning and failure says what to do.
      for (const c of checks)
        if (c.status === 'warn' || c.status === 'fail') expect(c.fix, c.id).toBeTruthy();
      // Skipped is never a pass.
      expect(
        rollUp(checks).status === 'trusted' &&
          checks.some((c) => c.status === 'skipped' && c.matters !== false),
      ).toBe(false);
    });
  }
});
