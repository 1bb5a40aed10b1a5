#!/usr/bin/env python3
"""Drives the Python dicomweb-client (PyPI, pinned by deploy/local/dicom-tools.sh) against Rayworks' DICOMweb.

Reads one JSON object on stdin, prints one JSON object on stdout with what the client saw; the integration test
(dicomweb-python-client.integration-spec.ts) judges it. Any error of the client (an HTTP error, a media type it
refuses, a part it cannot parse) ends the script with a non-zero exit and the traceback on stderr.

Input: url (the DICOMweb base), token (an access token), files (Part 10 files to store), patientId, study (UID),
series (the MR series UID: explicit, implicit and big endian instances), compressedSeries (RLE, JPEG 2000, JPEG-LS),
implicit ({series, sop}: the implicit VR instance), ct ({series, sop}).
"""

import hashlib
import json
import sys

import pydicom
from dicomweb_client.api import DICOMwebClient

EXPLICIT_LE = "1.2.840.10008.1.2.1"


def sha(data):
    return hashlib.sha256(bytes(data)).hexdigest()


def main():
    spec = json.load(sys.stdin)
    client = DICOMwebClient(url=spec["url"], headers={"Authorization": "Bearer " + spec["token"]})
    out = {}

    # STOW-RS: the answer is read only when its Content-Type is exactly application/dicom+json
    stored = client.store_instances(datasets=[pydicom.dcmread(f) for f in spec["files"]])
    out["referenced"] = sorted(str(i.ReferencedSOPInstanceUID) for i in stored.get("ReferencedSOPSequence", []))
    out["failed"] = len(stored.get("FailedSOPSequence", []))

    # QIDO-RS with standard keywords
    by_age = client.search_for_studies(
        search_filters={"PatientID": spec["patientId"], "PatientAge": "000Y"}, fields=["PatientAge"]
    )
    out["byAge"] = [
        {"study": s["0020000D"]["Value"][0], "age": s.get("00101010", {}).get("Value", [None])[0]} for s in by_age
    ]
    by_institution = client.search_for_studies(
        search_filters={"PatientID": spec["patientId"], "InstitutionName": "JFK*"}
    )
    out["byInstitution"] = [s["0020000D"]["Value"][0] for s in by_institution]
    series = client.search_for_series(spec["study"], search_filters={"Modality": "MR"}, fields=["InstitutionName"])
    out["mrSeries"] = sorted(s["0020000E"]["Value"][0] for s in series)

    # WADO-RS with the client's default transfer syntax (none named: explicit VR little endian)
    def describe(ds):
        return {
            "sop": str(ds.SOPInstanceUID),
            "transferSyntax": str(ds.file_meta.TransferSyntaxUID),
            "pixels": sha(ds.PixelData),
            "photometric": str(ds.PhotometricInterpretation),
        }

    out["series"] = [describe(ds) for ds in client.retrieve_series(spec["study"], spec["series"])]
    out["compressedSeries"] = [describe(ds) for ds in client.retrieve_series(spec["study"], spec["compressedSeries"])]
    implicit = client.retrieve_instance(
        spec["study"],
        spec["implicit"]["series"],
        spec["implicit"]["sop"],
        media_types=(("application/dicom", EXPLICIT_LE),),
    )
    out["implicitInstance"] = describe(implicit)
    frames = client.retrieve_instance_frames(
        spec["study"],
        spec["implicit"]["series"],
        spec["implicit"]["sop"],
        frame_numbers=[1],
        media_types=(("application/octet-stream", EXPLICIT_LE),),
    )
    out["implicitFrame"] = sha(frames[0])

    # metadata, and a bulk data element other than the pixel data read by its BulkDataURI
    metadata = client.retrieve_study_metadata(spec["study"])
    out["metadataCount"] = len(metadata)
    ct = next(m for m in metadata if m["00080018"]["Value"][0] == spec["ct"]["sop"])
    uri = ct["00431029"]["BulkDataURI"]
    base = spec["url"].split("/api/imaging/dicomweb")[0]
    bulk = client.retrieve_bulkdata(base + uri if uri.startswith("/") else uri)
    out["ctBulkLength"] = len(bulk[0])
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
