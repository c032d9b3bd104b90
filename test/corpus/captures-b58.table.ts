import type { Capture } from './captures.table.js';

const GCM =
  'https://github.com/facebookresearch/gcm/blob/1b7bde97195d32140f3a58b34bab3baa6d0797bb/gcm/tests/health_checks_tests/test_check_nccl.py';
const SB =
  'https://github.com/microsoft/superbenchmark/blob/700d6501f110ed17a7016f1b9f2e453926f7b7a1/tests/data';
const GPUD = 'https://github.com/leptonai/gpud/blob';

/**
 * Corpus batch b58 (issue 38): tool outputs that monitoring and health-check projects committed as test
 * data or quoted in their own documentation, captured from real machines: Meta's GCM health checks
 * (nccl-tests samples inside a Python test, host names replaced by `{hostname}` placeholders),
 * SuperBench's test data, gpud's kmsg/Xid test data and its component READMEs, GCP's
 * cloud-image-tests accelerator test data, and an ICON run wrapper that keeps a Levante node's
 * `nvidia-smi topo -mp` as shell comments; a later set adds a thesis README's topo matrices and two issue-thread blocks
 * (the Azure health checks' own H200 run, an nccl-tests L40S matrix). Slices of a larger file name their lines in the source URL.
 * Test data that the authors had visibly edited (Xid numbers on another Xid's text, lines copied with
 * only the minute changed, a syslog flap series with altered capitalisation) was left out. See
 * captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b58: Capture[] = [
  // nccl-tests
  {
    file: 'nccl-tests/superbench-testdata-8x-a100-sxm4-40gb-reduce-scatter-launch-mode-info-line.txt',
    tool: 'nccl-tests',
    source: `${SB}/nccl_reducescatter.log`,
    expert: 'no-problem',
    why: 'reduce_scatter_perf on 8x A100-SXM4-40GB in one process (one node, NVSwitch), 0 B to 8 GiB with an `NCCL INFO Launch mode Parallel` line inside the table: busbw climbs to 231.5 GB/s at 8 GiB without a fall, the A100 NVLink3 figure; validation off (N/A), out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/gcm-test-check-nccl-8x-a100-sxm4-80gb-one-node-allreduce-32m-1g-hostname-placeholder.txt',
    tool: 'nccl-tests',
    source: `${GCM}#L20-L44`,
    expert: 'no-problem',
    why: 'GCM health-check sample: all_reduce_perf on the 8 A100-SXM4-80GB of one host (`{hostname}` placeholder), NCCL 2.16.2, 32 MiB to 1 GiB: busbw 170 rising to 231.7 GB/s, #wrong 0, out of bounds OK: the one-node NVSwitch figure, healthy',
  },
  {
    file: 'nccl-tests/gcm-test-check-nccl-2-nodes-16x-a100-80gb-pairwise-allreduce-182gbs-host-placeholders.txt',
    tool: 'nccl-tests',
    source: `${GCM}#L80-L112`,
    expert: 'not-judged',
    why: 'GCM pairwise sample: all_reduce_perf with 16 ranks, 8 A100-SXM4-80GB on each of two hosts (`{host1}`, `{host2}`), NCCL 2.12.12, 32 MiB to 1 GiB: #wrong 0, OK, busbw rising to 182.8 GB/s: across the nodes and far above the floor, but no NIC or link rate is named to hold the figure against',
  },
  {
    file: 'nccl-tests/gcm-test-check-nccl-open-mpi-not-enough-slots-for-16-never-ran.txt',
    tool: 'nccl-tests',
    source: `${GCM}#L48-L76`,
    expert: 'not-judged',
    why: "GCM failure sample: Open MPI's banner `There are not enough slots available in the system to satisfy the 16 slots` for all_reduce_perf: a launcher/hostfile configuration refusal, the test never started, so nothing of the transfer path is shown",
  },
  {
    file: 'nccl-tests/azurehpc-health-checks-142-8x-h200-vm-all-reduce-16g-one-row-480gbs-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/Azure/azurehpc-health-checks/issues/142',
    expert: 'no-problem',
    why: "the health check's own all_reduce_perf run by hand on an 8x H200 VM (`-b 16G -e 16G -g 8 -c 1`, one process): the one 16 GiB row at 480 GB/s busbw, #wrong 0, out of bounds OK, average 480.11: the NVSwitch figure of an H100/H200 node, healthy; the stored copy ends at the average line, the closing `#` is not a result",
  },
  // perftest
  {
    file: 'perftest/superbench-testdata-ib-write-bw-loopback-ib0-all-sizes-server-client-interleaved.txt',
    tool: 'perftest',
    source: `${SB}/ib_loopback_all_sizes.log`,
    expert: 'not-judged',
    why: '`ib_write_bw` server and client on one HCA, their lines interleaved (both LID 0xd06, device ib0, Link type IB, RC), 2 B to 8 MiB: BW average rises to 23240 MB/s (about 186 Gb/s) with no fall; no port rate is named, so the figure, far above the floor, cannot be held against its link, and a loopback says nothing of the fabric',
  },
  // topo
  {
    file: 'topo/cloud-image-tests-testdata-8-gpu-nv18-8-nics-pix-pairs-underline-codes-no-legend.txt',
    tool: 'topo',
    source:
      'https://github.com/GoogleCloudPlatform/cloud-image-tests/blob/0507b62e87fd44bdaed804ae9361e300b7088bd4/test_suites/acceleratorconfig/testdata/nvidia-smi-topo.txt',
    expert: 'no-problem',
    why: "GCP image-test expected `nvidia-smi topo -m`, tab-separated with the terminal's underline codes around the header and no legend: 8 GPUs NV18 to every other GPU, 8 NICs, each GPU PIX to two NICs (pairs of GPUs behind one switch), every GPU and NIC row whole: each GPU has a NIC on its own PCIe switch and full NVLink",
  },
  {
    file: 'topo/icon-model-levante-run-wrapper-comment-topo-mp-4-a100-2-nics-gpu0-gpu3-sys-only.txt',
    tool: 'topo',
    source:
      'https://github.com/leuty/icon-model/blob/69ef5cda9b81f5947e30d1016f41e7b37012f5de/run/run_wrapper/levante.sh#L18-L34',
    expert: 'not-judged',
    why: '`nvidia-smi topo -mp` kept as `# ` shell comments in a Levante run wrapper: 4 GPUs, 2 NICs; GPU1 is PIX to mlx5_0 and GPU2 PIX to mlx5_1, but GPU0 and GPU3 reach both NICs only through SYS (across the SMP interconnect), so their RDMA traffic is staged or crosses sockets: a degraded path, not a failure; -mp hides NVLink, so the GPU-GPU SYS cells say nothing of it',
  },
  {
    file: 'topo/heterogeneous-pc-thesis-readme-ac922-power9-4-v100-nv3-pairs-6-nics-node-only.txt',
    tool: 'topo',
    source:
      'https://github.com/milanpro/Masterthesis-Heterogeneous-PC/blob/b5f2e80cd3008e78e054882c5f9654958e39f4bb/README.md#L94-L115',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` on an IBM AC922 (POWER9, NUMA 0 and 8) behind its prompt: two NV3 GPU pairs, SYS between the pairs, six mlx5 ports (three PIX pairs) that every GPU reaches only through NODE, none on its own switch or bridge; GPU-direct RDMA through host bridges is not taken by default, so NIC traffic is staged or degraded, and GPU pairs across the sockets have only SYS',
  },
  {
    file: 'topo/heterogeneous-pc-thesis-readme-delos-4-gpu-nv2-nv1-mesh-two-sys-pairs-no-nic.txt',
    tool: 'topo',
    source:
      'https://github.com/milanpro/Masterthesis-Heterogeneous-PC/blob/b5f2e80cd3008e78e054882c5f9654958e39f4bb/README.md#L58-L73',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` on a 4-GPU host ("delos") behind its prompt: an uneven NVLink mesh (GPU0-GPU1 NV2, GPU0-GPU2 NV2, GPU2-GPU3 NV2, GPU1-GPU3 NV1) with GPU0-GPU3 and GPU1-GPU2 only SYS across the sockets, and no NIC column at all: two GPU pairs move KV through host memory, and the matrix shows no RDMA NIC for transfers off the node',
  },
  {
    file: 'topo/nccl-tests-273-8x-l40s-node-sys-one-nic0-sys-to-all-gpus-test-pass-block.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/273',
    expert: 'not-judged',
    why: 'the "test pass" block of an 8x L40S node (spaces for tabs, no legend): no NVLink, GPUs NODE within each socket and SYS across, and the one NIC (NIC0) SYS to every GPU: every GPU reaches the NIC across the sockets, so RDMA from GPU memory is staged or degraded, and GPU pairs across sockets go through the host',
  },
  // dmesg
  {
    file: 'dmesg/gpud-xid-testdata-dmesg-T-xid-119-gsp-rpc-timeout-gpu4.txt',
    tool: 'dmesg',
    source: `${GPUD}/4a8de33a3f02e207f39e9023d67125592d599731/components/accelerator/nvidia/xid/testdata/dmesg-with-xid-119.log`,
    expert: 'problem',
    why: '`dmesg -T` on a Dell XE9680: GPU4 (0000:9b:00) gives Xid 119, `Timeout after 6s of waiting for RPC response from GPU4 GSP`, with its RPC history and a call trace, again and again for nvidia-smi, cache_mgr and gpud, and the driver says `The GPU likely needs to be reset`: the GPU is unusable until reset',
  },
  {
    file: 'dmesg/gpud-kmsg-testdata-dev-kmsg-records-nvswitch-open-calico-links.txt',
    tool: 'dmesg',
    source: `${GPUD}/4a8de33a3f02e207f39e9023d67125592d599731/pkg/kmsg/testdata/kmsg.1.log`,
    expert: 'not-judged',
    why: 'raw `/dev/kmsg` records (`6,3964,206764307,-;…`): nvidia-nvswitch0-3 opened again and again, Calico veths and eth0 becoming ready, WireGuard loaded, perf interrupt throttling: no fault, but no RDMA NIC driver, port, peer-memory or Xid line, nothing the kernel-log question covers',
  },
  {
    file: 'dmesg/gpud-xid-readme-quoted-dmesg-ctime-peermem-invalid-context-xid-13-109.txt',
    tool: 'dmesg',
    source: `${GPUD}/2175d7d3671ccde724a6145ddbb87aa3f36e2cbd/components/accelerator/nvidia/error/xid/README.md#L17-L21`,
    expert: 'not-judged',
    why: "`dmesg --ctime` lines quoted with markdown `> `: one nvidia-peermem `nv_get_p2p_free_callback … ERROR detected invalid context` (the peer-memory module's known free-callback message, a warning), three Xid 13 graphics exceptions and one Xid 109 context-switch timeout for a pt_main_thread process on 0000:cb:00: an application's channel faulting, which NVIDIA clears by restarting the app; no NIC or port fault and no GPU lost",
  },
  {
    file: 'dmesg/gpud-sxid-readme-quoted-xid-79-fallen-off-bus-sxid-20034-nvswitch-links-down.txt',
    tool: 'dmesg',
    source: `${GPUD}/2175d7d3671ccde724a6145ddbb87aa3f36e2cbd/components/accelerator/nvidia/error/sxid/README.md#L7-L31`,
    expert: 'problem',
    why: 'kernel lines quoted with markdown `> ` and a blank `>` between them: Xid 79, `GPU has fallen off the bus` for 0000:91:00, then NVSwitch SXid 20034 `Fatal, Link 48/63/37/62 LTSSM Fault Up` on three switches: a GPU lost and its NVLink links down',
  },
];
