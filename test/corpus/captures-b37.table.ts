import type { Capture } from './captures.table.js';

/**
 * Corpus batch b37 (issue 38): real tool outputs that other open-source projects keep as test data
 * (health checkers, collectors, benchmark parsers): leptonai/gpud `pkg/dmesg` and `pkg/pstore` test data,
 * Azure/azhpc-diagnostics `Linux/test/samples`, Azure/azurehpc-health-checks `test/data`,
 * microsoft/superbenchmark `tests/data`.
 * Each file is copied with `git show <commit>:<path>`; the source URL names the commit. The expert verdict was written
 * before `read` ran on each capture.
 */

export const CAPTURES_b37: Capture[] = [
  // ibstatus
  {
    file: 'ibstatus/azhpc-diagnostics-samples-mlx5-an0-eth-accelnet-plus-mlx5-ib0-hdr-active.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/Azure/azhpc-diagnostics/blob/8543969737acaea2d22219952d6d87ab43c3c090/Linux/test/samples/ibstatus.out',
    expert: 'no-problem',
    why: "an Azure VM's whole `ibstatus`: mlx5_ib0 is ACTIVE/LinkUp at 200 Gb/sec (4X HDR) on InfiniBand with a LID and an SM; mlx5_an0 is the Accelerated Networking Ethernet VF (front-end, no GID), also ACTIVE: the one RDMA port is healthy",
  },
  // lsmod
  {
    file: 'lsmod/azhpc-diagnostics-samples-centos-whole-lsmod-nv-peer-mem-gdrdrv-mlx5-ib.txt',
    tool: 'lsmod',
    source:
      'https://github.com/Azure/azhpc-diagnostics/blob/8543969737acaea2d22219952d6d87ab43c3c090/Linux/test/samples/lsmod.centos.out',
    expert: 'no-problem',
    why: "a whole `lsmod` on a CentOS Azure GPU VM: mlx5_ib, ib_uverbs and ib_core loaded, nv_peer_mem loaded and among ib_core's users, gdrdrv loaded, nvidia used by nv_peer_mem and gdrdrv: RDMA stack and GPUDirect RDMA peer memory present",
  },
  {
    file: 'lsmod/azhpc-diagnostics-samples-whole-lsmod-nvidia-mlx4-ib-iser-no-peer-memory.txt',
    tool: 'lsmod',
    source:
      'https://github.com/Azure/azhpc-diagnostics/blob/8543969737acaea2d22219952d6d87ab43c3c090/Linux/test/samples/lsmod.nvidia.out',
    expert: 'not-judged',
    why: "a whole `lsmod`: nvidia loaded beside the ConnectX-3 stack (mlx4_ib, mlx4_core, ib_uverbs, ib_core, rdma_cm, ib_iser); ib_core's six users hold no peer-memory module and none is listed anywhere: GPUDirect RDMA off, KV staged through host memory: a warning",
  },
  {
    file: 'lsmod/azhpc-diagnostics-samples-wsl-lsmod-header-only-no-modules.txt',
    tool: 'lsmod',
    source:
      'https://github.com/Azure/azhpc-diagnostics/blob/8543969737acaea2d22219952d6d87ab43c3c090/Linux/test/samples/lsmod.wsl.out',
    expert: 'not-judged',
    why: 'only the `Module Size Used by` header, no module at all: the kernel has its drivers built in or lsmod cannot see the modules (WSL, a container), so whether an RDMA driver and a peer-memory module are present is not shown',
  },
  // nvlink
  {
    file: 'nvlink/azhpc-diagnostics-samples-v100-sxm2-7-gpus-6-links-some-inactive.txt',
    tool: 'nvlink',
    source:
      'https://github.com/Azure/azhpc-diagnostics/blob/8543969737acaea2d22219952d6d87ab43c3c090/Linux/test/samples/nvlink.bad.out',
    expert: 'problem',
    why: '`nvidia-smi nvlink -s` on V100-SXM2-32GB GPUs (hybrid cube mesh, all six links wired): GPUs 0-2 and 6 mostly up at 25.781 GB/s, but GPU 3 has links 3 and 5, GPU 4 link 1, GPU 5 links 0 and 4, GPU 6 link 1 `<inactive>`: NVLinks down on SXM2 boards where every link is in use',
  },
  {
    file: 'nvlink/azurehpc-health-checks-data-a100-sxm4-gpu6-nvml-all-links-inactive.txt',
    tool: 'nvlink',
    source:
      'https://github.com/Azure/azurehpc-health-checks/blob/0e0a1ac26a64b32ac4dd7632a529638505d3314a/test/data/bad_nvlink_status.txt',
    expert: 'problem',
    why: 'GPU 6, an A100-SXM4-80GB, answers "Unable to retrieve NVLink information as all links are inactive": an SXM4 GPU has twelve NVLinks to the NVSwitches by design, so none up means the GPU is cut off the NVLink fabric',
  },
  {
    file: 'nvlink/azurehpc-health-checks-data-a100-sxm4-gpu7-only-12-links-25gbs.txt',
    tool: 'nvlink',
    source:
      'https://github.com/Azure/azurehpc-health-checks/blob/0e0a1ac26a64b32ac4dd7632a529638505d3314a/test/data/good_nvlink_status.txt',
    expert: 'no-problem',
    why: "one GPU queried (GPU 7, A100-SXM4-80GB): its twelve links 0-11 all up at 25 GB/s, the A100's full NVLink3 set (300 GB/s per direction); the paste is that GPU's status whole",
  },
  // dmesg
  {
    file: 'dmesg/gpud-testdata-iso-decoded-nvidia-peermem-invalid-context-errors.txt',
    tool: 'dmesg',
    source:
      'https://github.com/leptonai/gpud/blob/aac7e8271320db1a4a2a7cfaed2607ab071cc5a3/pkg/dmesg/testdata/dmesg.peermem.log.0',
    expert: 'not-judged',
    why: '`dmesg --decode --time-format iso`: seven `kern :err` lines from nvidia-peermem, `nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing`, within 70 ms: the peer-memory module is loaded and complains while freeing a GPU mapping, a warning; nothing shows a transfer failing or a NIC fault',
  },
  {
    file: 'dmesg/gpud-testdata-iso-time-peermem-invalid-context-then-xid-48-dbe-63-94-on-19-00.txt',
    tool: 'dmesg',
    source:
      'https://github.com/leptonai/gpud/blob/1494dbbfd5c635e18eba017b6affc95ccfdefa8f/pkg/dmesg/testdata/dmesg-time-format-iso.log',
    expert: 'problem',
    why: 'ISO-time kernel lines: nvidia-peermem invalid-context errors, then on the GPU at 0000:19:00 Xid 48 (uncorrectable double-bit ECC error in the framebuffer), Xid 63 (row remap pending, reset the GPU) and Xid 94 contained errors killing a python3.10 process: a GPU with uncorrectable memory errors cannot hold KV until it is reset',
  },
  {
    file: 'dmesg/gpud-testdata-journalctl-short-iso-calico-links-then-peermem-invalid-context.txt',
    tool: 'dmesg',
    source:
      'https://github.com/leptonai/gpud/blob/d7412dac6bc55348c5bae33334d6ce049f00f49e/pkg/dmesg/testdata/journalctl-time-format-short-iso-2.log',
    expert: 'not-judged',
    why: '`journalctl -k -o short-iso` on a Kubernetes node: Calico veth and eth0 `link becomes ready` lines, then fourteen nvidia-peermem `ERROR detected invalid context` lines in one second: the peer-memory module is loaded and warns while freeing mappings; no NIC or GPU fault shown',
  },
  {
    file: 'dmesg/gpud-testdata-decode-iso-h100-boot-cx7-ib-insufficient-slot-power-eth-ports-down.txt',
    tool: 'dmesg',
    source:
      'https://github.com/leptonai/gpud/blob/45d6452cba9b1aaaa21f3885ef3468679f0093a7/pkg/dmesg/testdata/dmesg.decode.iso.log.1',
    expert: 'not-judged',
    why: 'a whole decoded boot log (2381 lines) of an NVSwitch node with MLNX_OFED: every ConnectX NIC (eight IB ports renamed ibp*, two dual-port Ethernet cards) logs `Detected insufficient power on the PCIe slot (27W)`, a warning that the card may throttle; three Ethernet ports report Link down (two with cables unplugged) beside the `bootnet` port up; no probe failure, no peer-memory line, no Xid',
  },
  {
    file: 'dmesg/gpud-testdata-pstore-panic-parts-mlx5-eth-cable-unplugged-crash-test-panic.txt',
    tool: 'dmesg',
    source:
      'https://github.com/leptonai/gpud/blob/4a8de33a3f02e207f39e9023d67125592d599731/pkg/pstore/testdata/7530486857247/dmesg.txt',
    expert: 'not-judged',
    why: 'a pstore dump (`Panic#1 Part2`/`Part1`, `<level>[time]` prefixes): a ConnectX Ethernet card at 41:00 on a PCIe x8 Gen3 link (63 Gb/s), port 1 with its cable unplugged and port 0 Link up; the nvidia driver loads; the panic at the end is `Test panic triggered by crash_test module`, deliberate, not a driver fault; no RDMA (ib) or peer-memory module is shown',
  },
  // perftest
  {
    file: 'perftest/superbench-testdata-ib-write-bw-loopback-ib0-8mib-server-and-client.txt',
    tool: 'perftest',
    source:
      'https://github.com/microsoft/superbenchmark/blob/700d6501f110ed17a7016f1b9f2e453926f7b7a1/tests/data/ib_loopback_8M_size.log',
    expert: 'not-judged',
    why: '`ib_write_bw` server and client on one HCA (both sides LID 0xd06, device ib0, Link type IB), 8 MiB messages: 24056.72 MB/s average on both; no rate is named for the port, so the figure, far above the floor, cannot be held against its link; a loopback says nothing about the fabric',
  },
  // nccl-tests
  {
    file: 'nccl-tests/superbench-testdata-8x-a100-sxm4-40gb-all-reduce-1b-8gib-validation-off.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/microsoft/superbenchmark/blob/700d6501f110ed17a7016f1b9f2e453926f7b7a1/tests/data/nccl_allreduce.log',
    expert: 'no-problem',
    why: 'all_reduce_perf on 8x A100-SXM4-40GB in one process (one node, NVSwitch), 0 B-8 GiB: busbw climbs to 235 GB/s, the figure an A100 NVLink3 node gives; validation off (error N/A), out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/superbench-testdata-8x-a100-sxm4-40gb-alltoall-blank-redop.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/microsoft/superbenchmark/blob/700d6501f110ed17a7016f1b9f2e453926f7b7a1/tests/data/nccl_alltoall.log',
    expert: 'no-problem',
    why: 'alltoall_perf on 8x A100-SXM4-40GB in one node (rows without a redop cell): busbw 224-226 GB/s at 4-8 GiB, what NVLink3 through NVSwitch gives; out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/superbench-testdata-8x-a100-sxm4-40gb-broadcast-root-0.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/microsoft/superbenchmark/blob/700d6501f110ed17a7016f1b9f2e453926f7b7a1/tests/data/nccl_broadcast.log',
    expert: 'no-problem',
    why: 'broadcast_perf on 8x A100-SXM4-40GB in one node, root 0: busbw 233-235 GB/s at 8 GiB, the A100 NVSwitch figure; out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/superbench-testdata-8x-a100-sxm4-40gb-all-gather-no-redop-column.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/microsoft/superbenchmark/blob/700d6501f110ed17a7016f1b9f2e453926f7b7a1/tests/data/nccl_allgather.log',
    expert: 'no-problem',
    why: 'all_gather_perf on 8x A100-SXM4-40GB in one node (no redop column): busbw 223-230 GB/s at 8 GiB, the A100 NVSwitch figure; out of bounds 0 OK',
  },
  // Read after the fixes (their readings committed first).
  {
    file: 'dmesg/gpud-testdata-decode-iso-xid-13-sm-exceptions-and-43-pt-main-thread-one-gpu.txt',
    tool: 'dmesg',
    source:
      'https://github.com/leptonai/gpud/blob/45d6452cba9b1aaaa21f3885ef3468679f0093a7/pkg/dmesg/testdata/dmesg.decode.iso.log.0',
    expert: 'not-judged',
    why: '`dmesg --decode --time-format iso`, 635 `kern :warn` lines from one GPU (0000:38:00): Xid 13 graphics SM exceptions (out-of-range addresses) and Xid 43 for a pt_main_thread process, again and again over two hours: an application faulting on its GPU, which NVIDIA resolves by restarting the app; no NIC, peer-memory or GPU-reset line, so the RDMA path is not shown',
  },
  {
    file: 'nccl-tests/superbench-testdata-8x-a100-sxm4-40gb-reduce-sum-root-0.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/microsoft/superbenchmark/blob/700d6501f110ed17a7016f1b9f2e453926f7b7a1/tests/data/nccl_reduce.log',
    expert: 'no-problem',
    why: 'reduce_perf (sum, root 0) on 8x A100-SXM4-40GB in one node: busbw 228 GB/s at 8 GiB, the A100 NVSwitch figure; out of bounds 0 OK',
  },
];
