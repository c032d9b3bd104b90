/**
 * What each INDEX.md concludes for the NVLink / ucx_perftest captures added for issue 22
 * (items 6, 7): "status id [subject]" per check, read with the defaults of `read`.
 * Shared by src/classify/fixtures.test.ts (every fixture needs an expectation) and
 * test/read-world-nvucx.test.ts (the same files through readPasted and the CLI).
 */
export const NVUCX_EXPECTED: Record<string, string[]> = {
  'topo/rtx-a6000-3gpu-nv4-bridged-pair-one-unbridged.txt': [
    'warn nvlink.topology',
    'skipped gdr.nic-affinity',
  ],
  'topo/a100-pcie-4gpu-nv12-bridged-pairs-sys.txt': ['warn nvlink.topology', 'skipped gdr.nic-affinity'],
  'nvlink/rtx-a6000-3gpu-bridged-pair-gpu2-nvml-all-inactive.txt': [
    'ok nvlink.links GPU0',
    'ok nvlink.links GPU1',
    'warn nvlink.links GPU2',
  ],
  'topo/h100-pcie-2gpu-nv12-bridge-indented-doc.txt': ['ok nvlink.topology', 'skipped gdr.nic-affinity'],
  'nvlink/h100-pcie-2gpu-bridged-12-of-18-active.txt': ['ok nvlink.links GPU0', 'ok nvlink.links GPU1'],
  'nvlink/a100-pcie-40gb-2gpu-no-bridge-nvml-all-inactive.txt': [
    'warn nvlink.links GPU0',
    'warn nvlink.links GPU1',
  ],
  'ucx_info/azure-hb120-ib-mlx5_0-gga-no-cuda-ucx118plus.txt': ['ok ucx.rdma', 'fail ucx.cuda'],
  'ucx_info/azure-hb120-ib-mlx5_ib0-dmabuf-no-cuda.txt': ['ok ucx.rdma', 'fail ucx.cuda'],
  'nixlbench/cloudai-legacy-format-4rows-scientific-mibps.log': [
    'ok nixlbench.run',
    'fail nixlbench.bandwidth',
    'skipped nixlbench.transport',
  ],
  'nixlbench/cloudai-current-format-4rows-no-config.log': [
    'ok nixlbench.run',
    'warn nixlbench.bandwidth',
    'skipped nixlbench.transport',
  ],
  'nixlbench/cloudai-ucx-protoinfo-tcp-intranode-noisy.log': [
    'ok nixlbench.run',
    'fail nixlbench.bandwidth',
    'warn nixlbench.transport',
  ],
  'ucx_perftest/tag-bw-8b-default-roce-client-then-server-ucx19-11.log': [
    'ok perftest.run',
    'skipped perftest.bandwidth',
    'skipped perftest.transport',
  ],
  'ucx_perftest/ucp-am-lat-30000b-rc-16us-partial.log': [
    'skipped perftest.run',
    'skipped perftest.latency',
    'skipped perftest.transport',
  ],
  // Issue 22 follow-up (nvucx2): ucx_info filtered or cut, ucx_perftest failed, over TCP, message rate.
  'ucx_info/leonardo-hpcx-ucx117-singularity-grep-transport-4hca-cuda.txt': [
    'ok ucx.rdma',
    'ok ucx.cuda',
    'skipped gdr.ucx',
    'ok ucx.version',
  ],
  'ucx_info/oci-a100-vm-grep-cuda-and-gdr-copy-memory-types.txt': ['skipped ucx.rdma', 'ok ucx.cuda'],
  'ucx_info/h100-ucx119-cuda-domains-only-excerpt.txt': ['skipped ucx.rdma', 'ok ucx.cuda'],
  'ucx_info/ucx16-era-tcp-3-netdevs-ib-domain-cut-elided.txt': ['skipped ucx.rdma', 'skipped ucx.cuda'],
  'ucx_perftest/ucp-put-bw-bond-roce-destination-unreachable-fail.log': ['fail perftest.run'],
  'ucx_perftest/ucp-put-bw-100mb-tls-tcp-legacy-layout-28mibps.log': [
    'ok perftest.run',
    'fail perftest.bandwidth',
    'ok perftest.stability',
    'warn perftest.transport',
  ],
  'ucx_perftest/tag-bw-cuda-100b-ucx19-final-xtrace.log': [
    'ok perftest.run',
    'skipped perftest.bandwidth',
    'skipped perftest.transport',
  ],
  'ucx_perftest/tag-bw-64k-ipoib-ib0-ucx19-layout-no-final.log': [
    'ok perftest.run',
    'skipped perftest.bandwidth',
    'ok perftest.stability',
    'warn perftest.transport',
  ],
};
