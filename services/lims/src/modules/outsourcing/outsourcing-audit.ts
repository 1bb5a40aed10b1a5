/** The lims service's audit actions on outsourcing labs and manifests (docs/decisions/0312). */
export const OUTSOURCING_AUDIT_ACTIONS = {
  labCreate: 'OUTSOURCING_LAB_CREATE',
  labUpdate: 'OUTSOURCING_LAB_UPDATE',
  labStatus: 'OUTSOURCING_LAB_STATUS',
  manifestCreate: 'MANIFEST_CREATE',
  /** One per transition: details name the event and the statuses (from → to). */
  manifestMove: 'MANIFEST_MOVE',
} as const;
