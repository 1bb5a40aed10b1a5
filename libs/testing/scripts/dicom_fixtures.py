#!/usr/bin/python3
"""DICOM test data made from pydicom's real test files (Debian's python3-pydicom), for libs/testing dicom-fixtures.ts.

Every command reads one JSON object on stdin and prints one JSON object on stdout. Files are written as
<dir>/<StudyInstanceUID>/<SeriesInstanceUID>/<SOPInstanceUID>.dcm with new UIDs (pydicom's generate_uid: dotted
numeric, at most 64 characters), so each test gets a study of its own. Nothing is edited by hand: every file is a
dataset read and written by pydicom, keeping its transfer syntax (explicit/implicit little endian, big endian,
JPEG, JPEG 2000, JPEG-LS, RLE: compressed pixel data is copied as it is).

  study       a multi-series study from several test files
  large-ct    N instances of a rows x cols x 16-bit CT (for the benchmark; "phantom": "volume" for a 3D phantom
              whose axial, sagittal and coronal planes all look sensible, for the viewer's MPR)
  instance    one instance in an existing study/series, optionally hostile (executable preamble, truncated)
  qido        many one-instance studies with distinct patients and dates (for the QIDO benchmark)

Run with Debian's /usr/bin/python3 (the one that has python3-pydicom).
"""

import json
import os
import random
import sys
from array import array

import pydicom
from pydicom.uid import generate_uid

TEST_FILES = os.environ.get("PYDICOM_TEST_FILES", "/usr/lib/python3/dist-packages/pydicom/data/test_files")

# Series kinds of the `study` command: the test files each one is made of (one instance per file and copy).
SERIES_KINDS = {
    # CT, explicit VR little endian (a 128x128 CT slice; its preamble holds a TIFF header: a non-empty preamble)
    "ct": ["CT_small.dcm"],
    # CT, JPEG 2000 (a 512x512 slice of the CQ500 data set)
    "ct-j2k": ["693_J2KI.dcm"],
    # MR, one image in three uncompressed transfer syntaxes: explicit little, implicit little, explicit big endian
    "mr": ["MR_small.dcm", "MR_small_implicit.dcm", "MR_small_bigendian.dcm"],
    # MR, the same image compressed: RLE, JPEG 2000 lossless, JPEG-LS lossless
    "mr-compressed": ["MR_small_RLE.dcm", "MR_small_jp2klossless.dcm", "MR_small_jpeg_ls_lossless.dcm"],
    # MR, one explicit little endian image: `copies` of it make an MR stack (the viewer benchmark's 5-instance MR)
    "mr-stack": ["MR_small.dcm"],
    # secondary capture (RGB): JPEG baseline and RLE
    "sc": ["SC_rgb_jpeg_dcmtk.dcm", "SC_rgb_rle.dcm"],
    # NM, JPEG extended with 12-bit samples (1.2.840.10008.1.2.4.51): what libvips cannot decode
    "jpeg-12bit": ["JPGExtended.dcm"],
    # a 12-lead ECG: no pixel data, its waveform samples (OW, 240000 bytes) in a sequence item
    "ecg": ["waveform_ecg.dcm"],
}

STUDY_LEVEL = {
    "patientName": "PatientName",
    "patientId": "PatientID",
    "studyDate": "StudyDate",
    "studyTime": "StudyTime",
    "accessionNumber": "AccessionNumber",
    "studyId": "StudyID",
    "studyDescription": "StudyDescription",
}

# Patient attributes set only when the spec gives them (the source files' own values stay otherwise).
PATIENT_OPTIONAL = {
    "patientSex": "PatientSex",
    "patientBirthDate": "PatientBirthDate",
}


def read(name):
    return pydicom.dcmread(os.path.join(TEST_FILES, name))


def series_dir(root, study_uid, series_uid):
    path = os.path.join(root, study_uid, series_uid)
    os.makedirs(path, exist_ok=True)
    return path


def save(ds, path):
    # write_like_original: keep the transfer syntax, the preamble and the file meta of the source
    ds.save_as(path, write_like_original=True)


def set_uids(ds, study_uid, series_uid, sop_uid, frame_uid):
    ds.StudyInstanceUID = study_uid
    ds.SeriesInstanceUID = series_uid
    ds.SOPInstanceUID = sop_uid
    ds.file_meta.MediaStorageSOPInstanceUID = sop_uid
    if "FrameOfReferenceUID" in ds:
        ds.FrameOfReferenceUID = frame_uid


def instance_record(ds, path, root, source):
    return {
        "sopInstanceUid": str(ds.SOPInstanceUID),
        "seriesInstanceUid": str(ds.SeriesInstanceUID),
        "sopClassUid": str(ds.SOPClassUID),
        "transferSyntaxUid": str(ds.file_meta.TransferSyntaxUID),
        "modality": str(ds.get("Modality", "")),
        "instanceNumber": int(ds.get("InstanceNumber", 0) or 0),
        "path": path,
        "relativePath": os.path.relpath(path, root).replace(os.sep, "/"),
        "size": os.path.getsize(path),
        "source": source,
    }


def forget_other_patient_ids(ds, spec):
    """A new patient ID replaces the old ones: CT_small.dcm also lists them in Other Patient IDs (Sequence)."""
    if spec.get("patientId") is not None:
        for keyword in ("OtherPatientIDsSequence", "OtherPatientIDs"):
            if keyword in ds:
                delattr(ds, keyword)


def study_values(spec, first):
    """The study-level attributes every instance of the study shares: the spec's, else the first file's."""
    values = {}
    for key, keyword in STUDY_LEVEL.items():
        if spec.get(key) is not None:
            values[keyword] = spec[key]
        else:
            values[keyword] = str(first.get(keyword, "") or "")
    for key, keyword in PATIENT_OPTIONAL.items():
        if spec.get(key) is not None:
            values[keyword] = spec[key]
    return values


def cmd_study(spec):
    root = spec["dir"]
    study_uid = spec.get("studyUid") or generate_uid()
    series_specs = spec.get("series") or [{"kind": k} for k in ("ct", "ct-j2k", "mr", "mr-compressed", "sc")]
    first = read(SERIES_KINDS[series_specs[0]["kind"]][0])
    shared = study_values(spec, first)
    series_out = []
    for number, series_spec in enumerate(series_specs, start=1):
        kind = series_spec["kind"]
        if kind not in SERIES_KINDS:
            raise SystemExit("unknown series kind %s (known: %s)" % (kind, ", ".join(SERIES_KINDS)))
        copies = int(series_spec.get("copies", 1))
        series_uid = series_spec.get("seriesUid") or generate_uid()
        frame_uid = generate_uid()
        folder = series_dir(root, study_uid, series_uid)
        instances = []
        index = 0
        for _copy in range(copies):
            for source in SERIES_KINDS[kind]:
                index += 1
                ds = read(source)
                set_uids(ds, study_uid, series_uid, generate_uid(), frame_uid)
                for keyword, value in shared.items():
                    setattr(ds, keyword, value)
                forget_other_patient_ids(ds, spec)
                # series-level attributes the spec gives, by keyword (e.g. PerformedProcedureStepStartDate)
                for keyword, value in (series_spec.get("attributes") or {}).items():
                    setattr(ds, keyword, value)
                ds.SeriesNumber = number
                ds.InstanceNumber = index
                if "ImagePositionPatient" in ds:
                    x, y, z = (float(v) for v in ds.ImagePositionPatient)
                    step = float(ds.get("SliceThickness", 1) or 1)
                    ds.ImagePositionPatient = [x, y, z + (index - 1) * step]
                path = os.path.join(folder, str(ds.SOPInstanceUID) + ".dcm")
                save(ds, path)
                instances.append(instance_record(ds, path, root, source))
        series_out.append(
            {
                "seriesInstanceUid": series_uid,
                "kind": kind,
                "modality": instances[0]["modality"],
                "instances": instances,
            }
        )
    return {
        "root": os.path.join(root, study_uid),
        "dir": root,
        "studyInstanceUid": study_uid,
        "patientName": shared["PatientName"],
        "patientId": shared["PatientID"],
        "studyDate": shared["StudyDate"],
        "accessionNumber": shared["AccessionNumber"],
        "series": series_out,
    }


def phantom(rows, cols, seed):
    """A CT-like 16-bit signed image: air around a water disc with noise and a denser ring (Hounsfield units)."""
    rnd = random.Random(seed)
    cy, cx = rows / 2.0, cols / 2.0
    radius = min(rows, cols) * 0.42
    px = array("h", bytes(rows * cols * 2))
    for r in range(rows):
        dy2 = (r - cy) ** 2
        base = r * cols
        for c in range(cols):
            d2 = dy2 + (c - cx) ** 2
            if d2 > radius * radius:
                value = -1000 + rnd.randint(-8, 8)
            elif d2 > (radius * 0.9) ** 2:
                value = 700 + rnd.randint(-40, 40)
            else:
                value = 40 + rnd.randint(-25, 25)
            px[base + c] = value
    if sys.byteorder != "little":
        px.byteswap()
    return px.tobytes()


# The 3D phantom (millimetres, patient coordinates; later shapes paint over earlier ones): a head-like ellipsoid
# (bone shell, water inside), a lesion sphere, a small calcification, an air tube along z (a disc in axial, a bar in
# sagittal and coronal) and a bone rod along x (a bar in axial and coronal, a disc in sagittal).
def volume_shapes(lesion_mm):
    return [
        ("ellipsoid", (0.0, 0.0, 0.0), (85.0, 95.0, 75.0), 800),
        ("ellipsoid", (0.0, 0.0, 0.0), (79.0, 89.0, 69.0), 35),
        ("sphere", (30.0, -20.0, 15.0), lesion_mm, 75),
        ("sphere", (-35.0, 25.0, -30.0), 5.0, 450),
        ("zcylinder", (0.0, 45.0, 0.0), (7.0, 55.0), -900),
        ("xcylinder", (0.0, -45.0, -25.0), (6.0, 55.0), 650),
    ]


def half_width(kind, centre, size, y, z):
    """The half extent along x of a shape in the row at (y, z), or None when the row misses it."""
    cx, cy, cz = centre
    if kind == "ellipsoid":
        a, b, c = size
        t = 1.0 - ((y - cy) / b) ** 2 - ((z - cz) / c) ** 2
        return a * t ** 0.5 if t > 0 else None
    if kind == "sphere":
        t = size * size - (y - cy) ** 2 - (z - cz) ** 2
        return t ** 0.5 if t > 0 else None
    if kind == "zcylinder":
        radius, half_length = size
        t = radius * radius - (y - cy) ** 2
        return t ** 0.5 if t > 0 and abs(z - cz) <= half_length else None
    if kind == "xcylinder":
        radius, half_length = size
        return half_length if (y - cy) ** 2 + (z - cz) ** 2 <= radius * radius else None
    raise ValueError(kind)


def volume_slice(rows, cols, spacing, x0, y0, z, shapes, noise):
    """One axial slice of the 3D phantom: each row assembled from runs of pre-made noisy values (fast enough in
    pure Python: 120 slices of 256 x 256 in a few seconds)."""
    out = array("h")
    period = len(noise[-1000])
    for r in range(rows):
        y = y0 + r * spacing
        row = array("h", noise[-1000][(r * 131) % (period - cols):][:cols])
        for kind, centre, size, value in shapes:
            h = half_width(kind, centre, size, y, z)
            if h is None:
                continue
            a = max(0, int(round((centre[0] - h - x0) / spacing)))
            b = min(cols, int(round((centre[0] + h - x0) / spacing)) + 1)
            if b > a:
                start = (r * 197 + int(z * 7)) % (period - cols)
                row[a:b] = noise[value][start:start + (b - a)]
        out.extend(row)
    if sys.byteorder != "little":
        out.byteswap()
    return out.tobytes()


def noisy_values(shapes, cols, seed):
    """For air and each shape's value: a long run of that value with noise (+-20 HU), cut into rows as needed."""
    rnd = random.Random(seed)
    values = {-1000} | {value for *_, value in shapes}
    return {v: array("h", [v + rnd.randint(-20, 20) for _ in range(cols * 8)]) for v in values}


def cmd_large_ct(spec):
    root = spec["dir"]
    count = int(spec["instances"])
    rows = int(spec.get("rows", 512))
    cols = int(spec.get("cols", 512))
    study_uid = spec.get("studyUid") or generate_uid()
    series_uid = generate_uid()
    frame_uid = generate_uid()
    folder = series_dir(root, study_uid, series_uid)
    ds = read("CT_small.dcm")
    shared = study_values(spec, ds)
    for keyword, value in shared.items():
        setattr(ds, keyword, value)
    forget_other_patient_ids(ds, spec)
    ds.StudyInstanceUID = study_uid
    ds.SeriesInstanceUID = series_uid
    ds.FrameOfReferenceUID = frame_uid
    ds.SeriesNumber = 1
    ds.SeriesDescription = "Benchmark CT %dx%d" % (rows, cols)
    # attributes set on every instance, by keyword (e.g. ReferringPhysicianName, BodyPartExamined)
    for keyword, value in (spec.get("attributes") or {}).items():
        setattr(ds, keyword, value)
    ds.Rows = rows
    ds.Columns = cols
    ds.BitsAllocated = 16
    ds.BitsStored = 16
    ds.HighBit = 15
    ds.PixelRepresentation = 1
    ds.SamplesPerPixel = 1
    ds.PhotometricInterpretation = "MONOCHROME2"
    ds.RescaleIntercept = 0
    ds.RescaleSlope = 1
    ds.WindowCenter = 40
    ds.WindowWidth = 400
    volume = spec.get("phantom") == "volume"
    spacing = float(spec.get("pixelSpacing", 0.8 if volume else 0.7))
    slice_spacing = float(spec.get("sliceSpacing", 1.5 if volume else 1.0))
    z_offset = float(spec.get("zOffset", 0.0))
    ds.SliceThickness = slice_spacing
    ds.PixelSpacing = [spacing, spacing]
    if spec.get("seriesDescription"):
        ds.SeriesDescription = spec["seriesDescription"]
    for keyword in ("LargestImagePixelValue", "SmallestImagePixelValue"):
        if keyword in ds:
            delattr(ds, keyword)
    image = None if volume else phantom(rows, cols, 9)
    row_bytes = cols * 2
    if volume:
        # centred on the patient origin: the volume spans the phantom whatever the slice count and spacing
        x0, y0 = -(cols - 1) * spacing / 2.0, -(rows - 1) * spacing / 2.0
        z_top = (count - 1) * slice_spacing / 2.0
        shapes = volume_shapes(float(spec.get("lesionMm", 20.0)))
        noise = noisy_values(shapes, cols, 9)
        ds.ImageOrientationPatient = [1, 0, 0, 0, 1, 0]
    else:
        x0, y0, z_top = -cols * 0.35, -rows * 0.35, 0.0
    instances = []
    for i in range(count):
        sop_uid = generate_uid()
        ds.SOPInstanceUID = sop_uid
        ds.file_meta.MediaStorageSOPInstanceUID = sop_uid
        ds.InstanceNumber = i + 1
        z = z_top - i * slice_spacing
        # zOffset moves the slices along the table (another frame of reference far away); the phantom is drawn as if
        # it were not, so the images are the same anatomy
        ds.ImagePositionPatient = [x0, y0, z + z_offset]
        ds.SliceLocation = z + z_offset
        if volume:
            ds.PixelData = volume_slice(rows, cols, spacing, x0, y0, z, shapes, noise)
        else:
            # every slice differs: the phantom rolled by a few rows (cheap, and a realistic deflate ratio per entry)
            shift = (i * 7 % rows) * row_bytes
            ds.PixelData = image[shift:] + image[:shift]
        path = os.path.join(folder, sop_uid + ".dcm")
        save(ds, path)
        instances.append(instance_record(ds, path, root, "CT_small.dcm"))
    return {
        "root": os.path.join(root, study_uid),
        "dir": root,
        "studyInstanceUid": study_uid,
        "patientName": shared["PatientName"],
        "patientId": shared["PatientID"],
        "studyDate": shared["StudyDate"],
        "accessionNumber": shared["AccessionNumber"],
        "series": [{"seriesInstanceUid": series_uid, "kind": "ct", "modality": "CT", "instances": instances}],
    }


# An MS-DOS executable header in the 128-byte preamble: a file that is both a DICOM file and a Windows program
# (PS3.10 7.5, CVE-2019-11687). Only the header: it runs nothing.
MZ_PREAMBLE = (b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00" + b"\xb8" + b"\x00" * 7 + b"\x40" + b"\x00" * 35
               + b"\x80\x00\x00\x00" + b"This program cannot be run in DOS mode.\r\r\n$")
MZ_PREAMBLE = MZ_PREAMBLE + b"\x00" * (128 - len(MZ_PREAMBLE))


def cmd_instance(spec):
    """One new instance in the given study and series (both folders under dir), optionally hostile; `sopUid` gives
    it a SOP Instance UID of its own choosing (an instance that claims another study's instance)."""
    root = spec["dir"]
    source = spec.get("source", "CT_small.dcm")
    ds = read(source)
    study_uid = spec["studyUid"]
    series_uid = spec["seriesUid"]
    set_uids(ds, study_uid, series_uid, spec.get("sopUid") or generate_uid(), generate_uid())
    for key, keyword in STUDY_LEVEL.items():
        if spec.get(key) is not None:
            setattr(ds, keyword, spec[key])
    forget_other_patient_ids(ds, spec)
    folder = series_dir(root, study_uid, series_uid)
    path = os.path.join(folder, str(ds.SOPInstanceUID) + ".dcm")
    hostile = spec.get("hostile")
    if hostile == "executable-preamble":
        ds.preamble = MZ_PREAMBLE
    save(ds, path)
    record = instance_record(ds, path, root, source)
    if hostile == "truncated":
        # cut the file in the middle of an element value of the main data set (the Study Instance UID), so that
        # a parser runs out of bytes inside the header, long before the pixel data
        with open(path, "rb") as f:
            data = f.read()
        at = data.index(study_uid.encode("ascii"), 132) + len(study_uid) // 2
        with open(path, "wb") as f:
            f.write(data[:at])
        record["size"] = at
        record["truncatedAt"] = at
        record["fullSize"] = len(data)
    return record


FAMILY = (
    "SMITH JOHNSON WILLIAMS BROWN JONES GARCIA MILLER DAVIS RODRIGUEZ MARTINEZ HERNANDEZ LOPEZ GONZALEZ WILSON "
    "ANDERSON THOMAS TAYLOR MOORE JACKSON MARTIN LEE PEREZ THOMPSON WHITE HARRIS SANCHEZ CLARK RAMIREZ LEWIS "
    "ROBINSON WALKER YOUNG ALLEN KING WRIGHT SCOTT TORRES NGUYEN HILL FLORES GREEN ADAMS NELSON BAKER HALL RIVERA "
    "CAMPBELL MITCHELL CARTER ROBERTS GOMEZ PHILLIPS EVANS TURNER DIAZ PARKER CRUZ EDWARDS COLLINS REYES STEWART "
    "MORRIS MORALES MURPHY COOK ROGERS GUTIERREZ ORTIZ MORGAN COOPER PETERSON BAILEY REED KELLY HOWARD RAMOS KIM "
    "COX WARD RICHARDSON WATSON BROOKS CHAVEZ WOOD JAMES BENNETT GRAY MENDOZA RUIZ HUGHES PRICE ALVAREZ CASTILLO "
    "SANDERS PATEL MYERS LONG ROSS FOSTER JIMENEZ POWELL JENKINS PERRY RUSSELL SULLIVAN BELL COLEMAN BUTLER "
    "HENDERSON BARNES GONZALES FISHER VASQUEZ SIMMONS ROMERO JORDAN PATTERSON ALEXANDER HAMILTON GRAHAM REYNOLDS "
    "GRIFFIN WALLACE MORENO WEST COLE HAYES BRYANT HERRERA GIBSON ELLIS TRAN MEDINA AGUILAR STEVENS MURRAY FORD "
    "CASTRO MARSHALL OWENS HARRISON FERNANDEZ MCDONALD WOODS WASHINGTON KENNEDY WELLS VARGAS HENRY CHEN FREEMAN "
    "WEBB TUCKER GUZMAN BURNS CRAWFORD OLSON SIMPSON PORTER HUNTER GORDON MENDEZ SILVA SHAW SNYDER MASON DIXON "
    "MUNOZ HUNT HICKS HOLMES PALMER WAGNER BLACK ROBERTSON BOYD ROSE STONE SALAZAR FOX WARREN MILLS MEYER RICE "
    "SCHMIDT GARZA DANIELS FERGUSON NICHOLS STEPHENS SOTO WEAVER RYAN GARDNER PAYNE GRANT DUNN KELLEY SPENCER "
    "HAWKINS ARNOLD PIERCE VAZQUEZ HANSEN PETERS SANTOS HART BRADLEY KNIGHT ELLIOTT CUNNINGHAM DUNCAN ARMSTRONG"
).split()
GIVEN = (
    "JAMES MARY ROBERT PATRICIA JOHN JENNIFER MICHAEL LINDA DAVID ELIZABETH WILLIAM BARBARA RICHARD SUSAN JOSEPH "
    "JESSICA THOMAS SARAH CHARLES KAREN CHRISTOPHER LISA DANIEL NANCY MATTHEW BETTY ANTHONY MARGARET MARK SANDRA "
    "DONALD ASHLEY STEVEN KIMBERLY PAUL EMILY ANDREW DONNA JOSHUA MICHELLE KENNETH CAROL KEVIN AMANDA BRIAN "
    "DOROTHY GEORGE MELISSA TIMOTHY DEBORAH"
).split()


def cmd_qido(spec):
    """`studies` one-instance studies (CT and MR, tiny 8x8 images), two studies per patient, study dates spread
    evenly over ten years; a manifest of every study's keys (for loading and for building queries) beside them."""
    root = spec["dir"]
    count = int(spec["studies"])
    rnd = random.Random(int(spec.get("seed", 20000)))
    from datetime import date, timedelta

    first_day = date(2015, 1, 1)
    days = (date(2024, 12, 31) - first_day).days + 1
    templates = {}
    for modality, source in (("CT", "CT_small.dcm"), ("MR", "MR_small.dcm")):
        ds = read(source)
        ds.Rows = 8
        ds.Columns = 8
        ds.PixelData = bytes(8 * 8 * 2)
        for keyword in ("LargestImagePixelValue", "SmallestImagePixelValue"):
            if keyword in ds:
                delattr(ds, keyword)
        templates[modality] = ds
    studies = []
    for i in range(count):
        patient = i // 2
        family = FAMILY[patient % len(FAMILY)]
        given = GIVEN[(patient // len(FAMILY)) % len(GIVEN)]
        modality = "CT" if i % 3 else "MR"
        ds = templates[modality]
        study_uid, series_uid, sop_uid = generate_uid(), generate_uid(), generate_uid()
        set_uids(ds, study_uid, series_uid, sop_uid, generate_uid())
        forget_other_patient_ids(ds, {"patientId": True})
        ds.PatientName = "%s^%s^%d" % (family, given, patient)
        ds.PatientID = "BQ%06d" % patient
        ds.PatientBirthDate = (date(1940, 1, 1) + timedelta(days=rnd.randrange(25000))).strftime("%Y%m%d")
        ds.StudyDate = (first_day + timedelta(days=rnd.randrange(days))).strftime("%Y%m%d")
        ds.StudyTime = "%02d%02d%02d" % (rnd.randrange(7, 20), rnd.randrange(60), rnd.randrange(60))
        ds.AccessionNumber = "BA%07d" % i
        ds.StudyID = str(i)
        ds.StudyDescription = "Benchmark %s study %d" % (modality, i)
        ds.SeriesNumber = 1
        ds.InstanceNumber = 1
        folder = series_dir(root, study_uid, series_uid)
        path = os.path.join(folder, sop_uid + ".dcm")
        save(ds, path)
        studies.append(
            {
                "studyInstanceUid": study_uid,
                "seriesInstanceUid": series_uid,
                "sopInstanceUid": sop_uid,
                "patientName": str(ds.PatientName),
                "patientId": ds.PatientID,
                "studyDate": ds.StudyDate,
                "accessionNumber": ds.AccessionNumber,
                "modality": modality,
                "relativePath": "%s/%s/%s.dcm" % (study_uid, series_uid, sop_uid),
            }
        )
    return {"dir": root, "studies": studies}


def cmd_big_instance(spec):
    """One multi-frame CT instance of `frames` frames of rows x cols x 16 bit (default 1200 of 512 x 512: 600 MiB),
    explicit VR little endian, whose pixel data deflates about 25 times (a random byte in every 64): the import's
    large-instance case, as big as a tomosynthesis series in one file."""
    root = spec["dir"]
    frames = int(spec.get("frames", 1200))
    rows = int(spec.get("rows", 512))
    cols = int(spec.get("cols", 512))
    study_uid = spec.get("studyUid") or generate_uid()
    series_uid = generate_uid()
    sop_uid = generate_uid()
    ds = read("CT_small.dcm")
    shared = study_values(spec, ds)
    for keyword, value in shared.items():
        setattr(ds, keyword, value)
    forget_other_patient_ids(ds, spec)
    set_uids(ds, study_uid, series_uid, sop_uid, generate_uid())
    ds.Rows = rows
    ds.Columns = cols
    ds.BitsAllocated = 16
    ds.BitsStored = 16
    ds.HighBit = 15
    ds.PixelRepresentation = 1
    ds.SamplesPerPixel = 1
    ds.PhotometricInterpretation = "MONOCHROME2"
    ds.NumberOfFrames = frames
    for keyword in ("LargestImagePixelValue", "SmallestImagePixelValue"):
        if keyword in ds:
            delattr(ds, keyword)
    rng = random.Random(20)
    frame_bytes = rows * cols * 2
    variants = []
    for _ in range(8):
        frame = bytearray(frame_bytes)
        frame[::64] = bytes(rng.randrange(256) for _ in range(len(frame[::64])))
        variants.append(bytes(frame))
    ds.PixelData = b"".join(variants[i % len(variants)] for i in range(frames))
    folder = series_dir(root, study_uid, series_uid)
    path = os.path.join(folder, sop_uid + ".dcm")
    save(ds, path)
    record = instance_record(ds, path, root, "CT_small.dcm")
    record["studyInstanceUid"] = study_uid
    return record


COMMANDS = {
    "study": cmd_study,
    "large-ct": cmd_large_ct,
    "instance": cmd_instance,
    "qido": cmd_qido,
    "big-instance": cmd_big_instance,
}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        raise SystemExit("usage: dicom_fixtures.py %s < spec.json" % "|".join(COMMANDS))
    result = COMMANDS[sys.argv[1]](json.load(sys.stdin))
    json.dump(result, sys.stdout)
