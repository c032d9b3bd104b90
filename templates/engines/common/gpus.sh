# The GPUs the device plugin allocated, by UUID (references/gpu-isolation.md): the UUIDs in
# NVIDIA_VISIBLE_DEVICES, or the entries of /var/run/nvidia-container-devices (volume-mounts).
# Indices, void (CDI) or none name no UUID: the unprivileged pod's own GPUs, from 0, stand.
GPUS=""
NVD=${NVIDIA_VISIBLE_DEVICES:-}
case "$NVD" in
  /var/run/nvidia-container-devices*) NVL=$(ls "$NVD" 2>/dev/null) ;;
  *) NVL=$(printf '%s\n' "$NVD" | tr ',' ' ') ;;
esac
for d in $NVL; do
  case "$d" in GPU-*|MIG-*) GPUS="$GPUS $d" ;; esac
done
GPUS=${GPUS# }
# gpu N: what CUDA_VISIBLE_DEVICES names for the pod's GPU N (0-based): its UUID, else N.
gpu() {
  if [ -n "$GPUS" ]; then
    printf '%s\n' "$GPUS" | awk -v n="$1" '{ if (n + 1 <= NF) print $(n + 1); else print n }'
  else
    echo "$1"
  fi
}
echo "interconnect-test: gpus ${GPUS:-unnamed} (NVIDIA_VISIBLE_DEVICES=$(printf '%s' "${NVD:-unset}" | tr -cd '[:alnum:],._/:-'))"
case "$GPUS" in *MIG-*) echo "interconnect-test: gpus are MIG slices: no NVLink or P2P between them" ;; esac
