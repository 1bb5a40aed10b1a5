"""What fhir.resources (pydantic models of FHIR R4 4.0.1) makes of a lab report's DiagnosticReport.

Input (stdin, JSON): the DiagnosticReport with its Patient and Observations contained.
Output (stdout, JSON): {"fhirVersion", "valid", "errors", "status", "observations": [{code systems and codes,
value, unit, UCUM system, interpretation codes, reference range}], "patientName"}.
"""
import json
import sys

from fhir.resources import __fhir_version__ as FHIR_VERSION
from fhir.resources.diagnosticreport import DiagnosticReport
from fhir.resources.observation import Observation
from fhir.resources.patient import Patient


def main():
    resource = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    errors = []
    report = None
    try:
        report = DiagnosticReport.parse_obj(resource)
    except Exception as error:  # pydantic's ValidationError lists every field that fails
        errors.append(f"DiagnosticReport: {error}")
    observations = []
    patient = None
    for contained in resource.get("contained", []):
        kind = contained.get("resourceType")
        try:
            if kind == "Observation":
                o = Observation.parse_obj(contained)
                q = o.valueQuantity
                observations.append(
                    {
                        "id": o.id,
                        "status": o.status,
                        "codes": [[c.system, c.code] for c in o.code.coding or []],
                        "text": o.code.text,
                        "value": float(q.value) if q is not None and q.value is not None else None,
                        "unit": q.code if q is not None else None,
                        "unitSystem": q.system if q is not None else None,
                        "valueString": o.valueString,
                        "interpretation": [c.code for i in o.interpretation or [] for c in i.coding or []],
                        "referenceRange": [
                            {
                                "low": float(r.low.value) if r.low is not None else None,
                                "high": float(r.high.value) if r.high is not None else None,
                            }
                            for r in o.referenceRange or []
                        ],
                    }
                )
            elif kind == "Patient":
                patient = Patient.parse_obj(contained)
        except Exception as error:
            errors.append(f"{kind}: {error}")
    referenced = {r.reference for r in (report.result or [])} if report is not None else set()
    missing = sorted(referenced - {f"#{o['id']}" for o in observations})
    if missing:
        errors.append(f"results not contained: {missing}")
    name = patient.name[0] if patient is not None and patient.name else None
    sys.stdout.write(
        json.dumps(
            {
                "fhirVersion": FHIR_VERSION,
                "valid": not errors and report is not None and patient is not None,
                "errors": errors,
                "status": report.status if report is not None else None,
                "observations": observations,
                "results": len(referenced),
                "patientName": {"family": name.family, "given": name.given, "text": name.text} if name else None,
            }
        )
    )


if __name__ == "__main__":
    main()
