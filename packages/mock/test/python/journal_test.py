"""A Python client's test against a running @petstore/mock server, with nothing but the standard library.

Run by test/python.test.ts with PETSTORE_MOCK_URL set to the server's base URL (http://127.0.0.1:<port>/v1):
it calls the API, switches a scenario over the control API and reads the journal to check what it sent.
"""

import json
import os
import unittest
import urllib.error
import urllib.request

BASE_URL = os.environ["PETSTORE_MOCK_URL"]
CONTROL = BASE_URL.rsplit("/v1", 1)[0] + "/__petstore"
HEADERS = {"Authorization": "Bearer py-key", "Content-Type": "application/json"}


def call(url, method="GET", body=None, headers=None):
    """Status and parsed JSON body (None when empty) of one request."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    return status, (json.loads(text) if text else None)


class JournalOverHttp(unittest.TestCase):
    def setUp(self):
        self.assertEqual(call(CONTROL + "/reset", "POST")[0], 204)

    def test_the_journal_shows_what_the_client_sent(self):
        status, pet = call(BASE_URL + "/pets", "POST", {"name": "Monty", "categoryId": 4}, HEADERS)
        self.assertEqual(status, 201)
        self.assertEqual(call(BASE_URL + "/pets?limit=5", headers=HEADERS)[0], 200)

        status, page = call(CONTROL + "/requests?operationId=createPet")
        self.assertEqual(status, 200)
        [entry] = page["entries"]
        self.assertEqual(entry["body"], {"name": "Monty", "categoryId": 4})
        self.assertEqual(entry["headers"]["authorization"], "Bearer py-key")
        self.assertEqual(entry["status"], 201)

        _, later = call(CONTROL + "/requests?since=%d" % (entry["index"] + 1))
        self.assertEqual([(e["operationId"], e["query"]) for e in later["entries"]], [("listPets", {"limit": "5"})])
        self.assertEqual(later["nextIndex"], entry["index"] + 2)
        self.assertEqual(pet["name"], "Monty")

    def test_a_scenario_and_prefer_code_make_the_client_see_errors(self):
        scenario = {"scenario": "rateLimited", "operationId": "listPets", "times": 1, "retryAfter": 3}
        self.assertEqual(call(CONTROL + "/scenarios", "POST", scenario)[0], 204)
        status, error = call(BASE_URL + "/pets", headers=HEADERS)
        self.assertEqual((status, error["code"]), (429, "rate_limited"))
        status, error = call(BASE_URL + "/pets", headers=dict(HEADERS, Prefer="code=503"))
        self.assertEqual((status, error["code"]), (503, "service_unavailable"))
        self.assertEqual(call(BASE_URL + "/pets", headers=HEADERS)[0], 200)
        _, page = call(CONTROL + "/requests?operationId=listPets")
        self.assertEqual([e["status"] for e in page["entries"]], [429, 503, 200])

    def test_a_bad_control_request_names_what_is_accepted(self):
        # The operations as the control API lists them (from the contract), never a copy of the list here.
        _, index = call(CONTROL)
        operations = index["operations"]
        self.assertTrue(operations)
        status, error = call(CONTROL + "/requests?operationId=notAnOperationOfTheContract")
        self.assertEqual(status, 400)
        self.assertIn(", ".join(operations), error["message"])


if __name__ == "__main__":
    unittest.main()
