"""Reads a report's HL7 v2 ORU^R01 and FHIR R4 DiagnosticReport with software written by others, and says what it saw.

Input (stdin, JSON): {"hl7": "<the ER7 message, segments ending in CR>", "fhir": {<the DiagnosticReport>}}.
Output (stdout, JSON): what python-hl7 and hl7apy read of the message (hl7apy parses it against HL7 v2.5 with STRICT
validation: message structure, data types, lengths), and what fhir.resources (pydantic models of FHIR R4 4.0.1) made
of the DiagnosticReport and its contained Patient, with the errors each found. Run by the reporting service's
integration test through the interpreter of deploy/local/python-tools.sh (pinned: deploy/local/python-requirements.txt).
"""

import json
import sys

import hl7
from fhir.resources import __fhir_version__ as FHIR_VERSION
from fhir.resources.diagnosticreport import DiagnosticReport
from fhir.resources.patient import Patient
from hl7apy.consts import VALIDATION_LEVEL
from hl7apy.parser import parse_message


def field(segment, n):
    """Field n of a segment as python-hl7 reads it; None when the segment ends before it."""
    return segment[n] if len(segment) > n else None


def components(message, value):
    """The components of a field's first repetition, unescaped ([] for an absent field)."""
    if value is None or len(value) == 0:
        return []
    first = value[0]  # a Repetition of Components, or the plain text of a field without components
    if isinstance(first, hl7.Repetition):
        return [message.unescape(str(c)) for c in first]
    return [message.unescape(str(first))]


def python_hl7(text):
    message = hl7.parse(text)
    msh, pid = message.segment("MSH"), message.segment("PID")
    return {
        "segments": [str(segment[0]) for segment in message],
        "messageType": str(field(msh, 9) or ""),
        "version": str(field(msh, 12) or ""),
        "characterSet": str(field(msh, 18) or ""),
        "sendingFacility": components(message, field(msh, 4)),
        "patientName": components(message, field(pid, 5)),
        "observations": [message.unescape(str(field(obx, 5) or "")) for obx in message.segments("OBX")],
    }


def hl7apy_v25(text):
    try:
        message = parse_message(text, validation_level=VALIDATION_LEVEL.STRICT, find_groups=True)
        message.validate()
    except Exception as error:  # hl7apy's ValidationError, MaxLengthReached, ChildNotValid ... all say what is wrong
        return {"valid": False, "error": f"{type(error).__name__}: {error}"}
    result = message.oru_r01_patient_result
    pid = result.oru_r01_patient.pid
    name = pid.pid_5
    return {
        "valid": True,
        "error": None,
        "structure": message.name,
        "version": message.version,
        "characterSet": message.msh.msh_18.to_er7(),
        "patientName": {
            "family": name.xpn_1.to_er7(),
            "given": name.xpn_2.to_er7(),
        },
        "observations": len(result.oru_r01_order_observation.children.get("ORU_R01_OBSERVATION")),
    }


def fhir_r4(resource):
    errors = []
    report = patient = None
    try:
        report = DiagnosticReport.parse_obj(resource)
    except Exception as error:  # pydantic's ValidationError lists every field that fails
        errors.append(f"DiagnosticReport: {error}")
    contained = [r for r in resource.get("contained", []) if r.get("resourceType") == "Patient"]
    try:
        patient = Patient.parse_obj(contained[0]) if contained else None
    except Exception as error:
        errors.append(f"Patient: {error}")
    name = patient.name[0] if patient is not None and patient.name else None
    return {
        "fhirVersion": FHIR_VERSION,
        "valid": not errors and report is not None and patient is not None,
        "errors": errors,
        "status": report.status if report is not None else None,
        "patientName": {"family": name.family, "given": name.given, "text": name.text} if name else None,
    }


def main():
    given = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    out = {"hl7": {"pythonHl7": python_hl7(given["hl7"]), "hl7apy": hl7apy_v25(given["hl7"])}}
    if "fhir" in given:
        out["fhir"] = fhir_r4(given["fhir"])
    sys.stdout.write(json.dumps(out))


if __name__ == "__main__":
    main()
