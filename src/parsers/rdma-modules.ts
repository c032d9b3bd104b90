/**
 * The RDMA stack's kernel modules by role: one table for every reader that names them (lsmod's software-only,
 * ULP-only and companion rules, dmesg's crash, hang and cannot-load rules), so that a driver added here is known to
 * all of them. Sources (references/read-evidence.md, "The RDMA stack's modules"): linux drivers/infiniband/core,
 * ulp, hw and sw Makefiles; net/rds, net/smc, net/sunrpc/xprtrdma, drivers/nvme/{host,target}/rdma.c, fs/smb.
 */
export type RdmaModuleRole = 'core' | 'user' | 'hardware' | 'software';

const TABLE: Readonly<Record<RdmaModuleRole, readonly string[]>> = {
  /** The verbs core and connection managers (drivers/infiniband/core; ib_sa, ib_mad, ib_addr and ib_ucm on older kernels). */
  core: [
    'ib_core',
    'ib_uverbs',
    'ib_cm',
    'iw_cm',
    'rdma_cm',
    'rdma_ucm',
    'ib_umad',
    'ib_ucm',
    'ib_sa',
    'ib_mad',
    'ib_addr',
  ],
  /**
   * ib_core's users that are no device driver: upper-layer protocols (IPoIB, SRP, iSER, NFS and RDS over RDMA, NVMe
   * over RDMA, SMC, SMB Direct), the peer-memory clients, rdmavt (the library qib and hfi1 register through) and
   * MLNX_OFED's mlx_compat.
   */
  user: [
    'ib_ipoib',
    'ib_srp',
    'ib_srpt',
    'ib_iser',
    'ib_isert',
    'rpcrdma',
    'svcrdma',
    'xprtrdma',
    'rds_rdma',
    'nvme_rdma',
    'nvmet_rdma',
    'smc',
    'ksmbd',
    'cifs',
    'nvidia_peermem',
    'nv_peer_mem',
    'efa_nv_peermem',
    'rdmavt',
    'mlx_compat',
  ],
  /** Hardware RDMA device drivers (drivers/infiniband/hw; AWS efa, Azure mana_ib, Alibaba erdma; InfiniHost's ib_mthca). */
  hardware: [
    'mlx5_ib',
    'mlx4_ib',
    'bnxt_re',
    'irdma',
    'ionic_rdma',
    'qedr',
    'iw_cxgb4',
    'hns_roce_hw_v2',
    'hns_roce',
    'efa',
    'erdma',
    'hfi1',
    'qib',
    'mana_ib',
    'ocrdma',
    'vmw_pvrdma',
    'i40iw',
    'ib_mthca',
  ],
  /** Software RDMA device drivers (drivers/infiniband/sw): Soft-RoCE and Soft-iWARP. */
  software: ['rdma_rxe', 'siw'],
};

/** The modules of these roles. */
export function rdmaModules(...roles: RdmaModuleRole[]): ReadonlySet<string> {
  return new Set(roles.flatMap((r) => TABLE[r]));
}

/** A pattern that finds any of these roles' module names as a word, capturing the name. */
export function rdmaModulePattern(...roles: RdmaModuleRole[]): RegExp {
  return new RegExp(`\\b(${[...rdmaModules(...roles)].join('|')})\\b`);
}
