import type { Capture } from './captures.table.js';

/** Corpus batch b16 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b16: Capture[] = [
  {
    file: 'ibstat/mooncake-507-cx7-ib-400-lids-cut-at-mlx5_2.txt',
    tool: 'ibstat',
    source: 'https://github.com/kvcache-ai/Mooncake/issues/507',
    expert: 'not-judged',
    why: 'ConnectX-7 (MT4129) on InfiniBand: mlx5_0 and mlx5_1 Active/LinkUp at 400 with LIDs from an SM (healthy, though each shows a different SM lid); mlx5_2 is cut at its Port 1 line: the rest of the HCAs are not shown',
  },
  {
    file: 'topo/vllm-16997-8gpu-nv18-26nic-tabs-cut-at-gpu6.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/16997',
    expert: 'not-judged',
    why: '8 GPUs all NV18 (H100/H200 SXM class) with 26 NICs, tab-separated; GPU0-5 each have a PIX NIC (NIC18-21, 24, 25); cut inside the GPU6 row: GPU6/7 and their NICs are not shown',
  },
  {
    file: 'topo/vllm-31594-b200-nic11nic12-glued-header-cut-at-gpu4.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/31594',
    expert: 'not-judged',
    why: 'B200 node from vLLM collect_env: all GPUs NV18, GPU0-3 each with a PIX NIC (NIC16-19); the header glues `NIC11NIC12` and the rows shift that column (a paste artefact); cut inside the GPU4 row: the other GPUs are not shown',
  },
  {
    file: 'dmesg/gdrcopy-334-modprobe-gdrdrv-2.5-clean-load.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/334',
    expert: 'not-judged',
    why: 'modprobe gdrdrv then its dmesg: gdrdrv 2.5 loads cleanly (device registered, persistent mapping); nothing about nvidia_peermem / nv_peer_mem, so the GPUDirect RDMA peer-memory path is not shown either way',
  },
  {
    file: 'dmesg/gdrcopy-13-gdrdrv-p2p-symbol-versions-err22-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/13',
    expert: 'problem',
    why: 'gdrdrv disagrees about the version of the nvidia_p2p_* symbols (err -22): the module was built against another NVIDIA driver and cannot load, so GPU memory cannot be mapped by gdrcopy',
  },
  {
    file: 'gdrcopy/gdrcopy-115-sanity-ioctl-errno22-asserts-cut.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/115',
    expert: 'problem',
    why: 'sanity -v: gdr_open fails in every test (ioctl errno 22, "gdrdrv might be too old"), basic and basic_with_tokens FAILED on the assertion; cut before the summary, but the failures are shown',
  },
  {
    file: 'ucx_info/ucx-8808-tail-then-cuda-cpy-domain-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/8808',
    expert: 'not-judged',
    why: 'a fragment of ucx_info -d: the tail of one transport, then the cuda_cpy domain with cuda_copy; cut at both ends: no RDMA and no cuda_ipc in the part shown (not shown, not absent)',
  },
];
