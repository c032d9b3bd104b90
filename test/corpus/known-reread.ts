/**
 * Disagreements between `read` and the blind second reading of batches b1–b13 (reread-b1-b13-*.ts),
 * each with its cause in the terms of known-b2.ts: TOOL (a reader missing one of issue 38's
 * principles P1–P5) or READING (the reader's verdict, kept as written, rests on a convention the
 * tool does not share or on context outside the paste). Listed after the comparison; the second
 * reading was committed before it.
 */
export const KNOWN_REREAD: Record<string, string> = {
  // READING: a port down that the paste cannot show to be in use (the README's problem is "a port in
  // use that is down"); read warns, naming what is not shown.
  'ibstat/gpud-99-cx6dx-down-disabled-no-link-layer.txt':
    'READING: the only CA shown is mlx5_8, Down/Disabled; mlx5_0–7 exist and are not in the paste (unshownSiblings), so read cannot tell a rail from a spare and warns; the reader takes the port as in use',
  'rdma-link/cluster-health-4-ibdev2netdev-column-t-comments.txt':
    "READING: `ibdev2netdev`'s (Down) is the IPoIB net device's state, not the InfiniBand port's (RDMA does not need IPoIB up); read warns and asks for ibstat; the reader took the eight IB ports as down",
  'ibv_devinfo/ucx-11048-broadcom-port-block-down-disabled-tabs.txt':
    'READING: one headless RoCE port block, PORT_DOWN/DISABLED (an unused port and an unplugged cable look alike, and its device and siblings are not shown); read warns; the reader takes it as in use',
  'ibv_devinfo/deepep-38-h100-ib-mlx5_0-port-down-then-cut.txt':
    'READING: mlx5_0 (IB) PORT_DOWN with no phys_state (Disabled and Polling look alike) and the paste cut in the next device; read warns; the reader takes it as in use',
  // READING: down ports beside working ones of their kind, judged in use by the reader.
  'rdma-link/sriov-network-operator-635-ib-half-disabled-cut.txt':
    'READING: every other IB port Disabled beside Active ones (the pattern of dual-port cards with one port cabled); the reader takes them as rails in use, read warns as for spares',
  'rdma-link/sriov-network-operator-635-ibdev2netdev-vfs-down-head-cut.txt':
    'READING: PFs and VFs Down beside three Up; the reader takes them as in use, read warns as for spares',
  // READING: the rest.
  'ibstat/gpud-752-elided-then-ibpanic-mlx5_8.txt':
    'READING: ibstat stops with ibpanic on mlx5_8 (its sysfs entry gone); read warns, after azhpc-diagnostics#59 where the same panic comes from an Azure accelerated-networking VF that is no fault; both readers call the vanished device a problem',
  'topo/nccl-557-2gpu-nv3-bridge-legend-cut.txt':
    'READING: a whole matrix with no NIC column; read leaves GPU–NIC affinity not judged ("no RDMA NIC is visible here": the KV path across nodes is not shown); both readers judged the GPU pair only',
  'topo/club-3090-1229-2x5090-phb-no-nic.txt':
    'READING: as nccl-557: a whole matrix with no NIC column, GPU–NIC affinity not judged by read; the second reader judged the GPU pair only',
  'rdma-link/rccl-1423-ib-active-after-flap.txt':
    'READING: one `rdma link` line without its command; the reader infers from the name mlx5_7 that mlx5_0–6 exist and are not shown; read judges the line shown',
};
